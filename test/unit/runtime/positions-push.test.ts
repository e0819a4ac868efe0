import { describe, expect, it } from 'vitest';
import { createPositionsPush } from '../../../electron/runtime/features/positions-push';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { PositionRecords, PositionsPush } from '../../../shared/positions/schemas';
import { deferred } from '../renderer/fake-bridge';

const viewAt = (generatedAtMs: number) => ({ groupId: 'g1', generatedAtMs }) as unknown as Portfolio;
const records = { groupId: 'g1', rows: [] } as unknown as PositionRecords;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A push whose record loads the test settles one by one, noting which view and force each was asked with. */
function held() {
  const asked: Array<{ at: number; force: boolean; answer: ReturnType<typeof deferred<void>> }> = [];
  const events: PositionsPush[] = [];
  const push = createPositionsPush({
    records: async (view, force) => {
      const answer = deferred<void>();
      asked.push({ at: view.generatedAtMs, force, answer });
      await answer.promise;
      return { full: records, sent: records };
    },
    agreements: async () => ({ rows: [], checkedAtMs: 1 }),
    emit: (event) => events.push(event),
    log: quiet,
  });
  return { push, asked, events };
}

describe('the push after each portfolio load', () => {
  it('runs one push per batch at a time, then one more from the newest view, forced when any load was', async () => {
    const { push, asked, events } = held();
    push.after('g1', viewAt(1), false);
    push.after('g1', viewAt(2), true);
    push.after('g1', viewAt(3), false);
    await settled();
    expect(asked.map((a) => a.at)).toEqual([1]);
    asked[0]!.answer.resolve();
    await expect.poll(() => asked.length).toBe(2);
    expect(asked[1]).toMatchObject({ at: 3, force: true });
    asked[1]!.answer.resolve();
    await expect.poll(() => events.filter((e) => e.kind === 'answer').map((e) => e.portfolioAtMs)).toEqual([1, 3]);
    expect(push.kept().map((a) => a.portfolioAtMs)).toEqual([3]);
  });

  it('neither sends nor keeps what a push of the source before a mode change finds', async () => {
    const { push, asked, events } = held();
    push.after('g1', viewAt(1), false);
    await settled();
    const before = events.length;
    push.reset();
    asked[0]!.answer.resolve();
    await settled();
    expect(events.slice(before)).toEqual([]);
    expect(push.kept()).toEqual([]);
  });
});
