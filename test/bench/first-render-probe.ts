/**
 * The first render measured in a Chromium that no DevTools client drives.
 *
 * A page driven over the DevTools protocol (as Playwright drives it) has its WebSocket frames
 * reported, payload included, to that client: after the page's own `message` listener returns,
 * Chromium spends about 9 ms per MB of the frame on that report on the page's main thread, in the
 * same task, before it can paint — 90 to 130 ms for the portfolio's 13.8 MB at 100,000 rows (a
 * plain page measured both ways: 2–4 ms from the listener's end to the next task without a
 * client, 90–133 ms with Playwright attached). The console's own window never has such a client,
 * so its first render is measured here without one, and the figure taken under Playwright is
 * printed beside it.
 *
 * How: the renderer's build is copied with one more script, the probe, which runs before the app.
 * It watches the portfolio frame arrive (the WebSocket `message` event), opens the screen, turns
 * the refresh timer off, then says it is ready on the console; the benchmark reads Chromium's
 * console from its stderr (`--enable-logging=stderr`), answers the portfolio call only then, and
 * reads the probe's figures the same way.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CHROMIUM_FLAGS } from '../e2e/support/browser';

export interface ProbeFigures {
  /** Frame arrived → rows painted (ms). */
  firstRenderMs: number;
  /** Of which: the frame parsed by the bridge. */
  parseMs: number;
  /** Of which: parsed → rows committed to the DOM. */
  renderMs: number;
  /** The screen's subtitle once painted ("N of M …"). */
  subtitle: string;
}

const PROBE_FILE = 'first-render-probe.js';

/** A copy of the built renderer whose page loads the probe before the app. */
export function probeRendererDir(rendererDir: string, outDir: string): string {
  rmSync(outDir, { recursive: true, force: true });
  cpSync(rendererDir, outDir, { recursive: true });
  const indexFile = path.join(outDir, 'index.html');
  const html = readFileSync(indexFile, 'utf8');
  // A classic script in the head runs before the app's module script (which is deferred).
  const tag = `<script src="./${PROBE_FILE}"></script>`;
  if (!html.includes('<script')) throw new Error('The built renderer has no script tag to put the probe before.');
  writeFileSync(indexFile, html.replace('<script', `${tag}\n    <script`));
  // tsx keeps function names with a `__name` helper, which the serialised functions refer to.
  writeFileSync(
    path.join(outDir, PROBE_FILE),
    [
      'globalThis.__name = (f) => f;',
      "const benchTarget = new URLSearchParams(location.search).get('benchProbe');",
      `if (benchTarget) (${arrivalHook.toString()})(JSON.parse(benchTarget).portfolioChars);`,
      `(${probe.toString()})();`,
    ].join('\n'),
  );
  return outDir;
}

/**
 * Installed before the app's scripts (by Playwright, or by the probe): marks the moment a large frame
 * (the portfolio) arrives, `bench:portfolio-arrived`, and the moment the bridge's listener that parses
 * it returns, `bench:portfolio-parsed`.
 */
export function arrivalHook(portfolioChars: number): void {
  const original = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (
    this: WebSocket,
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (type !== 'message' || typeof listener !== 'function') return original.call(this, type, listener, options);
    const wrapped = (event: Event) => {
      const data = (event as MessageEvent).data;
      const large = typeof data === 'string' && data.length >= portfolioChars;
      if (large) performance.mark('bench:portfolio-arrived');
      (listener as EventListener)(event);
      // The bridge's listener parses the frame and resolves the call; the store is set right after.
      if (large) performance.mark('bench:portfolio-parsed');
    };
    return original.call(this, type, wrapped, options);
  } as typeof WebSocket.prototype.addEventListener;
}

/** What the probe is to measure, passed in the page's URL (after `?`, before the launch token's `#`). */
export interface ProbeTarget {
  /** The screen's button in the sidebar, and its heading. */
  screen: string;
  /** The table's `aria-label`. */
  table: string;
  /** Frames at least this many characters long are the portfolio's. */
  portfolioChars: number;
}

/**
 * One run: a fresh Chromium on `launchUrl` with the probe's page, the portfolio answered when the
 * probe is ready (`release`), the figures read from its console.
 */
export async function probeFirstRender(
  launchUrl: string,
  target: ProbeTarget,
  release: () => void,
  timeoutMs = 120_000,
): Promise<ProbeFigures> {
  const url = new URL(launchUrl);
  url.searchParams.set('benchProbe', JSON.stringify(target));
  const profile = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-probe-'));
  const chromium = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      ...CHROMIUM_FLAGS,
      '--enable-logging=stderr',
      '--v=0',
      '--window-size=1360,860',
      '--lang=en-GB',
      `--user-data-dir=${profile}`,
      url.toString(),
    ],
    // Its own process group, so that its renderer and GPU processes stop with it.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const lines = createInterface({ input: chromium.stderr });
  try {
    return await new Promise<ProbeFigures>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The probe gave no figures within ${timeoutMs / 1000} s.`)), timeoutMs);
      chromium.once('exit', (code) => reject(new Error(`Chromium stopped (exit ${code}) before the probe gave its figures.`)));
      lines.on('line', (line) => {
        const said = /BENCH-PROBE (\w+) ?([^\s"]*)/.exec(line);
        if (!said) return;
        const [, what, data] = said;
        if (what === 'ready') release();
        else if (what === 'failed') {
          clearTimeout(timer);
          reject(new Error(`The probe failed: ${decodeURIComponent(data ?? '')}`));
        } else if (what === 'figures') {
          clearTimeout(timer);
          resolve(JSON.parse(decodeURIComponent(data ?? '')) as ProbeFigures);
        }
      });
    });
  } finally {
    lines.close();
    const exited = new Promise((r) => (chromium.exitCode !== null || chromium.signalCode !== null ? r(null) : chromium.once('exit', r)));
    try {
      process.kill(-chromium.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
    await exited;
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      // A profile left behind costs only disk space in the temporary folder.
    }
  }
}

/**
 * In the page, before the app: everything a run needs, with nothing but the DOM. Says
 * `BENCH-PROBE ready`, then `BENCH-PROBE figures <JSON, URI-encoded>` (or `failed <reason>`) on
 * the console.
 */
function probe(): void {
  const say = (what: string, data?: unknown) =>
    console.log(`BENCH-PROBE ${what}${data === undefined ? '' : ` ${encodeURIComponent(JSON.stringify(data))}`}`);
  const raw = new URLSearchParams(location.search).get('benchProbe');
  if (!raw) return;
  const target = JSON.parse(raw) as { screen: string; table: string; portfolioChars: number };

  /** Resolves with what `find` returns once it returns something, checked on every change of the page. */
  const when = <T>(find: () => T | null | undefined, what: string, timeoutMs = 60_000) =>
    new Promise<T>((resolve, reject) => {
      const found = find();
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`${what} did not appear within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const observer = new MutationObserver(() => {
        const f = find();
        if (!f) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve(f);
      });
      observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true });
    });

  const run = async () => {
    const button = await when(
      () =>
        [...document.querySelectorAll<HTMLButtonElement>('nav[aria-label="Main"] button')].find(
          (b) => b.firstChild?.textContent?.trim() === target.screen,
        ),
      `The ${target.screen} button`,
    );
    button.click();
    await when(
      () => [...document.querySelectorAll('h1, h2')].find((h) => h.textContent?.trim() === target.screen),
      `The ${target.screen} heading`,
    );
    // No refresh timer while measuring: a refresh would rebuild the table in the middle of the figure.
    const timer = [...document.querySelectorAll<HTMLLabelElement>('label.toggle')]
      .find((l) => l.textContent?.trim() === 'every 30 s')
      ?.querySelector('input');
    if (timer?.checked) timer.click();
    const rowsIn = `[role="table"][aria-label="${target.table}"] [data-row-id]`;
    if (document.querySelector(rowsIn)) throw new Error('The rows were there before the portfolio was answered.');
    const painted = new Promise<{ committed: number; painted: number }>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector(rowsIn)) return;
        observer.disconnect();
        const committed = performance.now();
        // Painted: a task after the next animation frame.
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve({ committed, painted: performance.now() });
          channel.port2.postMessage(null);
        });
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    // The portfolio is answered once the page has settled, as it is in use: a refresh of a large
    // desk takes seconds, and the screen has long been drawn when its answer arrives.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    say('ready');
    const { committed, painted: paintedAt } = await painted;
    const mark = (name: string) => performance.getEntriesByName(name).at(-1)?.startTime;
    const marks = { arrived: mark('bench:portfolio-arrived'), parsed: mark('bench:portfolio-parsed') };
    if (marks.arrived === undefined || marks.parsed === undefined) throw new Error('The portfolio frame was not seen arriving.');
    say('figures', {
      firstRenderMs: Math.round(paintedAt - marks.arrived),
      parseMs: Math.round(marks.parsed - marks.arrived),
      renderMs: Math.round(committed - marks.parsed),
      subtitle: document.querySelector('.screen-sub')?.textContent ?? '',
    });
  };
  const start = () => run().catch((err: unknown) => say('failed', err instanceof Error ? err.message : String(err)));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
