import { takesParameter, type ListResource } from '../resources';

/**
 * How a lenient server reads a list query: parameters it does not know are ignored (the strict
 * simulation answers 400), and a page holds at most 100 records whatever `limit` asks.
 */

export type ListFilters = ReadonlyMap<string, Pick<ListResource, 'filters' | 'sorts'>>;

const WILD_PAGE_CAP = 100;

const PAGING_PARAMS = new Set(['limit', 'offset', 'sort', 'order', 'fields', '_id']);

/** The URL the strict routes see; `filters` is undefined for paths that are not lists. */
export function wildQuery(url: URL, list: Pick<ListResource, 'filters' | 'sorts'> | undefined): URL {
  if (!list) return url;
  const out = new URL(url);
  for (const key of new Set(url.searchParams.keys())) {
    if (!PAGING_PARAMS.has(key) && !takesParameter(list.filters, key)) out.searchParams.delete(key);
  }
  const sort = url.searchParams.get('sort');
  if (sort !== null && !(sort in list.sorts)) out.searchParams.delete('sort');
  const limit = url.searchParams.get('limit');
  if (limit !== null && !/^\d+$/.test(limit)) out.searchParams.delete('limit');
  else if (limit !== null && Number(limit) > WILD_PAGE_CAP) out.searchParams.set('limit', String(WILD_PAGE_CAP));
  return out.href === url.href ? url : out;
}
