import { useEffect, useRef, type RefObject } from 'react';

/**
 * Where the keyboard goes after an action: the element that shows its result. A button that
 * disappears with its action (Plan, Sign, a screen left) would otherwise drop the focus to the top
 * of the page, and a keyboard or screen-reader user would start again from the banner.
 *
 * `target` is focused after each render in which `key` differs from the key of the render before
 * (and, with `onMount`, after the first render too). A `null` or `undefined` key never focuses:
 * nothing to show yet. The element needs `tabIndex={-1}` when it is not focusable on its own (a
 * heading, a status line, a notice).
 */
export function useFocusOnChange(
  target: RefObject<HTMLElement | null> | (() => HTMLElement | null),
  key: unknown,
  options: { onMount?: boolean } = {},
): void {
  const seen = useRef<{ key: unknown } | null>(options.onMount ? null : { key });
  useEffect(() => {
    const before = seen.current;
    seen.current = { key };
    if ((before && Object.is(before.key, key)) || key === null || key === undefined) return;
    focusResult(typeof target === 'function' ? target() : target.current);
  });
}

/**
 * Gives the keyboard to what an action just showed, at once (an event handler's own result, such as
 * a row's details opened). An element that cannot take the focus by itself (a list item, a section)
 * becomes focusable by script only, never a Tab stop of its own.
 */
export function focusResult(element: HTMLElement | null | undefined): void {
  if (!element) return;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1;
  // preventScroll: the element is scrolled into view only as far as needed, not jumped to the top.
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'nearest' });
}
