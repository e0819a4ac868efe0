import { z } from 'zod';

/** The envelope of every list endpoint: the page of resources and, optionally, how many match in all. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: z.array(item), totalCount: z.number().int().min(0).optional() });
}

export interface ListEnvelope<T> {
  data: T[];
  totalCount?: number;
}

export const MAX_LIMIT = 200;
/** How many ids one `_id` (or `vaultId`) comma list may carry. */
export const MAX_ID_LIST = 200;
