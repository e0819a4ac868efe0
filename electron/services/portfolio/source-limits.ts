import type { SourceStatus } from '../../../shared/portfolio/schemas';
import { limitsOf } from '../chain/node-learning';

/**
 * What a chain's provider limits cost one refresh, for its source: counted from now, read when the
 * chain's read is done. Nothing when it did not limit the console.
 */
export function limitsSince(urls: readonly string[]): () => Pick<SourceStatus, 'limits'> {
  const before = limitsOf(urls);
  return () => {
    const after = limitsOf(urls);
    const rateLimited = after.rateLimited - before.rateLimited;
    return rateLimited > 0 ? { limits: { rateLimited, waitedMs: Math.round(after.waitedMs - before.waitedMs) } } : {};
  };
}
