import { detectAlerts, type DeskAlert } from '../../shared/alerts/desk-alerts';
import { toAppErrorData } from '../../shared/errors';
import type { Portfolio } from '../../shared/portfolio/schemas';

interface WatchOptions {
  everyMs: number;
  json: boolean;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Ends the watch (Ctrl-C). */
  stop: AbortSignal;
}

/**
 * `status --watch`: reads the batch again every `everyMs` and prints each alert once, as the
 * console's bell does (shared/alerts): a JSON line per alert with `--json`
 * (`{"alert":kind,"id",...}`), else one line of text. A refresh that fails is said on stderr and
 * tried again at the next tick; the watch ends only when stopped.
 */
export async function watchStatus(first: Portfolio, load: () => Promise<Portfolio>, options: WatchOptions): Promise<void> {
  const raised = new Set<string>();
  const print = (alerts: DeskAlert[]) => {
    for (const a of alerts) {
      if (raised.has(a.id)) continue;
      raised.add(a.id);
      if (options.json) options.out(JSON.stringify({ alert: a.kind, id: a.id, vault: a.vaultName, vaultId: a.vaultId, at: a.at, title: a.title, detail: a.detail }));
      else options.out(`${new Date().toISOString().slice(11, 19)} ${a.title}. ${a.detail}`);
    }
  };
  print(detectAlerts(null, first));
  let before = first;
  while (!options.stop.aborted) {
    await sleep(options.everyMs, options.stop);
    if (options.stop.aborted) break;
    try {
      const next = await load();
      print(detectAlerts(before, next));
      before = next;
    } catch (error) {
      options.err(`status: the refresh failed (${toAppErrorData(error).message.replace(/\s*\n\s*/g, ' ')}); trying again in ${Math.round(options.everyMs / 1000)} s`);
    }
  }
}

function sleep(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    stop.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      stop.removeEventListener('abort', done);
      resolve();
    }
  });
}
