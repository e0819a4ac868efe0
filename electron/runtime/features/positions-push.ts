import { toAppErrorData, type AppErrorData } from '../../../shared/errors';
import type { Logger } from '../../services/log/logger';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { PositionRecords, PositionRecordsProgressEvent, PositionsAnswer, PositionsPush } from '../../../shared/positions/schemas';

type VaultProgress = Omit<PositionRecordsProgressEvent, 'groupId'>;
type Agreements = NonNullable<PositionsAnswer['agreements']>;

interface PushLoads {
  /** The whole answer (kept for late windows) and the one to send (without the rows the progress carried). */
  records(view: Portfolio, force: boolean, onVault: (progress: VaultProgress) => void): Promise<{ full: PositionRecords; sent: PositionRecords }>;
  agreements(groupId: string | null, view: Portfolio, force: boolean): Promise<Agreements>;
  emit(event: PositionsPush): void;
  log: Logger;
}

/** A failure as the screens say it: what did not arrive, why, and what to do. */
function failure(err: unknown, what: string): AppErrorData {
  const data = toAppErrorData(err, 'SERVICE_DOWN');
  return {
    ...data,
    message: `The ${what} could not be loaded: ${data.message.replace(/\.$/, '')}.`,
    action: data.action ?? 'Check the service in Settings, then press Refresh to load them again.',
  };
}

const batchKey = (groupId: string | null) => groupId ?? '';

/**
 * The step that follows each portfolio load of a batch: that batch's position records and
 * agreements, pushed as they arrive. One push per batch at a time; loads that land meanwhile are
 * pushed once it ends, from the newest view (forced when any of them was). The last answer of each
 * batch is kept, complete, for a window that subscribes after it went out.
 */
export function createPositionsPush(loads: PushLoads) {
  const kept = new Map<string, PositionsAnswer>();
  const waiting = new Map<string, { view: Portfolio; force: boolean }>();
  const running = new Set<string>();
  // Bumped on a mode change: what a push of the source before finds is neither sent nor kept.
  let generation = 0;

  async function run(groupId: string | null, view: Portfolio, force: boolean): Promise<void> {
    const born = generation;
    const current = () => born === generation;
    const base = { groupId, portfolioAtMs: view.generatedAtMs };
    loads.emit({ kind: 'started', ...base });
    const [records, agreements] = await Promise.all([
      loads
        .records(view, force, (p) => {
          if (current()) loads.emit({ kind: 'progress', ...base, ...p });
        })
        .then((r) => ({ ...r, error: null }), (err: unknown) => ({ full: null, sent: null, error: failure(err, 'position records') })),
      loads
        .agreements(groupId, view, force)
        .then((a) => ({ value: a, error: null }), (err: unknown) => ({ value: null, error: failure(err, 'lender agreement checks') }))
        .then((a) => {
          if (current()) loads.emit({ kind: 'agreements', ...base, agreements: a.value, agreementsError: a.error });
          return a;
        }),
    ]);
    if (!current()) return;
    const answer = {
      kind: 'answer',
      ...base,
      records: records.full,
      recordsError: records.error,
      agreements: agreements.value,
      agreementsError: agreements.error,
    } as const;
    kept.set(batchKey(groupId), answer);
    loads.emit({ ...answer, records: records.sent });
  }

  return {
    after(groupId: string | null, view: Portfolio, force: boolean): void {
      const key = batchKey(groupId);
      if (running.has(key)) {
        waiting.set(key, { view, force: force || (waiting.get(key)?.force ?? false) });
        return;
      }
      running.add(key);
      void (async () => {
        let next: { view: Portfolio; force: boolean } | undefined = { view, force };
        try {
          while (next) {
            await run(groupId, next.view, next.force);
            next = waiting.get(key);
            waiting.delete(key);
          }
        } catch (err) {
          // Only a broken event gets here (every load's failure is an answer): the next load pushes again.
          loads.log.error('could not push the position records', { message: (err as Error).message });
        } finally {
          running.delete(key);
          waiting.delete(key);
        }
      })();
    },
    kept: (): PositionsAnswer[] => [...kept.values()],
    reset(): void {
      generation += 1;
      kept.clear();
      waiting.clear();
    },
  };
}
