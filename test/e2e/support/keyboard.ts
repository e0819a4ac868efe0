import type { Page } from 'playwright-core';

/** What has the keyboard focus, as a person would name it: the element, its text and where it sits. */
export interface Focused {
  tag: string;
  /** Its visible text (or an input's value), whitespace folded, at most 120 characters. */
  text: string;
  /** Its accessible name when set apart from the text (aria-label, the label of a control). */
  name: string;
  role: string | null;
  testId: string | null;
  /** The nearest region it sits in: the screen, a card's aria-label, the device panel, the menu. */
  region: string;
  /** Within a screen: its header (the batch, Refresh), what it shows, or its action bar at the foot; null elsewhere. */
  part: 'header' | 'content' | 'actions' | null;
}

/** `document.activeElement`, described. */
export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const fold = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().slice(0, 120);
    if (!el || el === document.body) return { tag: 'body', text: '', name: '', role: null, testId: null, region: 'page', part: null };
    const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
    const region =
      el.closest('[data-testid="device-panel"]')
        ? 'device panel'
        : el.closest('nav[aria-label="Main"]')
          ? 'menu'
          : el.closest('[data-testid="plan-action-bar"]')
            ? 'plan actions'
            : el.closest('[aria-label="Signing plan"]')
              ? 'plan'
              : el.closest('#main-content')
                ? 'content'
                : 'page';
    const part = el.closest('.screen-header')
      ? ('header' as const)
      : el.closest('[data-testid="screen-action-bar"]')
        ? ('actions' as const)
        : el.closest('#main-content')
          ? ('content' as const)
          : null;
    return {
      tag: el.tagName.toLowerCase(),
      text: fold(el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el.value : el.innerText),
      name: fold(el.getAttribute('aria-label') ?? label?.textContent),
      role: el.getAttribute('role'),
      testId: el.getAttribute('data-testid'),
      region,
      part,
    };
  });
}

/**
 * Presses `key` (Tab by default) until the focused element is the one `wanted` picks, as a person
 * tabs through the page; fails with the path taken when it is not reached in `max` presses.
 */
export async function pressUntil(page: Page, wanted: (f: Focused) => boolean, what: string, options: { key?: string; max?: number } = {}): Promise<Focused> {
  const trail: string[] = [];
  for (let i = 0; i < (options.max ?? 120); i++) {
    await page.keyboard.press(options.key ?? 'Tab');
    const now = await focused(page);
    if (wanted(now)) return now;
    trail.push(`${now.tag}${now.testId ? `[${now.testId}]` : ''} "${now.text || now.name}" (${now.region})`);
  }
  throw new Error(`${what} was not reached by ${options.key ?? 'Tab'}; the focus went through:\n${trail.join('\n')}`);
}

/**
 * Every button, link and form control on screen whose accessible name (its aria-label) does not
 * start with the words it shows (WCAG 2.5.3, label in name): a speech user says what they see.
 * Controls that show no words (an icon, a bare checkbox) are named by aria-label alone and left out.
 */
export function nameMismatches(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const fold = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
    // Compared as words: punctuation and case aside, as a speech user says them.
    const words = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    const controls = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="checkbox"], [role="tab"], summary';
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(`[aria-label]`)) {
      if (!el.matches(controls) || el.getClientRects().length === 0) continue;
      const name = fold(el.getAttribute('aria-label'));
      let shown = '';
      if (el.matches('input, select, textarea')) {
        const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
        if (label) {
          // The label's own words: without the control inside it (a select's options, a field's value).
          const copy = label.cloneNode(true) as HTMLElement;
          // A control inside the label parts its words ("to [date] UTC" reads "to UTC").
          copy.querySelectorAll('input, select, textarea').forEach((n) => n.replaceWith(' '));
          copy.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
          shown = fold(copy.textContent);
        } else if (el.matches('input[type="button"], input[type="submit"]')) shown = fold((el as HTMLInputElement).value);
      } else {
        const copy = el.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
        shown = fold(copy.textContent);
      }
      if (!shown) continue;
      if (!words(name).startsWith(words(shown))) found.push(`${el.tagName.toLowerCase()}: shows "${shown}", named "${name}"`);
    }
    return [...new Set(found)];
  });
}
