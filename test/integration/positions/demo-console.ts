import { vi } from 'vitest';
import { startEmbeddedSimulation } from '../../../electron/runtime/embedded-simulation';
import { startTestConsole, type TestConsole } from '../../support/console';

/** The address a request to the service goes to, whatever form `fetch` was given it in. */
export const requestUrl = (input: Parameters<typeof fetch>[0]): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * The console in demo mode on a still simulation (nothing driven), reading the service through
 * `serviceFetch`: resolved once the demo has filled its wallet book, as the first screen waits for
 * it. `started` sees the console before that wait (to follow its events from the start).
 */
export async function startDemoConsole(serviceFetch: typeof fetch, started: (c: TestConsole) => void = () => undefined): Promise<TestConsole> {
  const c = await startTestConsole({ fetch: serviceFetch, startSimulation: () => startEmbeddedSimulation({ drive: false }) });
  started(c);
  await vi.waitFor(
    async () => {
      if ((await c.runtime.handlers.wallets.list({}, { transport: 'browser' })).wallets.length === 0) throw new Error('the demo book is still empty');
    },
    { timeout: 120_000, interval: 500 },
  );
  return c;
}
