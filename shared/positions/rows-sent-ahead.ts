import type { PositionRecordRow, PositionRecords } from './schemas';

/**
 * The answer with the rows its progress events carried put back, vault by vault in the order the
 * events came (the answer leaves them out). A vault whose event did not arrive is reported as a
 * failure of the load rather than shown empty.
 */
export function withRowsSentAhead(answer: PositionRecords, sent: ReadonlyMap<string, PositionRecordRow[]>): PositionRecords {
  const ahead = answer.rowsSentAhead ?? [];
  if (ahead.length === 0) return answer;
  const missing = ahead.filter((v) => !sent.has(v));
  if (missing.length > 0)
    throw new Error(
      `The position records of ${missing.length} vault${missing.length === 1 ? '' : 's'} did not arrive; refresh to load them again.`,
    );
  const { rowsSentAhead: _sent, ...rest } = answer;
  return { ...rest, rows: [...ahead.flatMap((v) => sent.get(v)!), ...answer.rows] };
}
