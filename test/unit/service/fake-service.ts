import { isAppError, type AppError } from '../../../shared/errors';
import { createServiceClient, type ServiceClientOptions } from '../../../electron/services/service-client';

/**
 * A list endpoint in memory, behind a fake `fetch`, that can misbehave the way real services do:
 * cap `limit`, ignore `offset` or `limit`, leave out `totalCount`, ignore some filters.
 */

export interface Misbehaviour {
  cap?: number;
  ignoreOffset?: boolean;
  ignoreLimit?: boolean;
  defaultLimit?: number;
  noTotalCount?: boolean;
  /** Query parameters the service does not apply. */
  ignored?: readonly string[];
}

export type Row = Record<string, unknown>;

function applies(row: Row, name: string, raw: string): boolean {
  const [field, op] = name.split(':');
  const actual = String(row[field!] ?? '');
  const values = raw.split(',');
  if (op === 'ne') return actual !== raw;
  return values.includes(actual);
}

export function fakeListService(rows: Row[], misbehaviour: Misbehaviour = {}) {
  const urls: URL[] = [];
  const fetchImpl = (async (input: string) => {
    const url = new URL(input);
    urls.push(url);
    const params = url.searchParams;
    let matched = rows;
    for (const [name, raw] of params) {
      if (['limit', 'offset', 'sort', 'order', 'fields'].includes(name) || misbehaviour.ignored?.includes(name)) continue;
      matched = matched.filter((row) => applies(row, name, raw));
    }
    const asked = Number(params.get('limit') ?? misbehaviour.defaultLimit ?? 50);
    const limit = misbehaviour.ignoreLimit ? (misbehaviour.defaultLimit ?? 50) : Math.min(asked, misbehaviour.cap ?? Infinity);
    const offset = misbehaviour.ignoreOffset ? 0 : Number(params.get('offset') ?? 0);
    const body = {
      data: matched.slice(offset, offset + limit),
      ...(misbehaviour.noTotalCount ? {} : { totalCount: matched.length }),
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { fetchImpl, urls };
}

export function fakeClient(fetchImpl: typeof fetch, options: Partial<ServiceClientOptions> = {}) {
  return createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl, sleep: async () => {}, ...options });
}

export const chainRows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ _id: `c${String(i).padStart(4, '0')}`, chainID: i + 1, name: `Chain ${i}` }));

/** The `AppError` a call fails with (fails the test when it succeeds or throws anything else). */
export async function failure(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (isAppError(err)) return err;
    throw err;
  }
  throw new Error('expected a failure');
}
