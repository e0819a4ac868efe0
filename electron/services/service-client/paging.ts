import { AppError } from '../../../shared/errors';
import type { ListEnvelope } from '../../../shared/service';

/**
 * Walks the pages of a list without trusting the server's paging. `totalCount` is used when given;
 * the spec lets it out, and then the walk ends only at a page that brings nothing new (one request
 * more than a trusting client: a short page may be the server's own cap). The offset advances by
 * what the server actually sent, so a server that caps `limit` below what was asked is paged at its
 * own size; a record seen before is never yielded twice (a server that ignores `offset` sends the
 * same records again). The number of pages is capped, so a server that never says "done" costs an
 * error, not an endless loop.
 */

export const DEFAULT_MAX_PAGES = 500;

interface PageWalk {
  endpoint: string;
  limit: number;
  offset: number;
  maxPages: number;
}

/** A record's identity: its `_id`, or its content when it has none (vault requests). */
function recordKey(record: unknown): string {
  const id = (record as { _id?: unknown } | null)?._id;
  return typeof id === 'string' ? `id:${id}` : `content:${stableJson(record)}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function tooManyPages(walk: PageWalk, read: number): AppError {
  return new AppError({
    code: 'SERVICE_BAD_RESPONSE',
    message: `The service kept sending pages of ${walk.endpoint}: stopped after ${walk.maxPages} pages (${read} records)`,
    action: 'Retry later; if it persists, report it with the log file',
    details: { endpoint: walk.endpoint, pages: walk.maxPages, records: read },
  });
}

function offsetIgnored(walk: PageWalk, offset: number, read: number, total: number): AppError {
  return new AppError({
    code: 'SERVICE_BAD_RESPONSE',
    message: `The service sent the same records again for ${walk.endpoint} at offset ${offset} (it seems to ignore paging): only ${read} of ${total} records could be read`,
    action: 'Report it to the service operator with the log file',
    details: { endpoint: walk.endpoint, offset, records: read, totalCount: total },
  });
}

export async function* walkPages<T>(
  fetchPage: (offset: number, limit: number) => Promise<ListEnvelope<T>>,
  walk: PageWalk,
): AsyncGenerator<T[]> {
  const seen = new Set<string>();
  let offset = walk.offset;
  for (let pages = 0; ; pages++) {
    if (pages >= walk.maxPages) throw tooManyPages(walk, seen.size);
    const page = await fetchPage(offset, walk.limit);
    const fresh = page.data.filter((record) => {
      const key = recordKey(record);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const total = page.totalCount;
    if (fresh.length === 0) {
      if (page.data.length > 0 && total !== undefined && offset < total) throw offsetIgnored(walk, offset, seen.size, total);
      return;
    }
    yield fresh;
    offset += page.data.length;
    // Without totalCount a short page proves nothing: a server that caps its pages below the
    // limit asked sends short pages all along. Only a page that brings nothing new ends the walk.
    if ((total !== undefined && offset >= total) || walk.limit === 0) return;
  }
}
