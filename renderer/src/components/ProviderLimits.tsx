import { CHAINS_SETTING } from '../../../shared/chains/schemas';
import type { SourceStatus } from '../../../shared/portfolio/schemas';

/** "12 requests rate-limited, +3.4 s": what a chain's provider limit cost the last refresh. */
function providerLimitsText(limits: NonNullable<SourceStatus['limits']>): string {
  const requests = `${limits.rateLimited} ${limits.rateLimited === 1 ? 'request' : 'requests'} rate-limited`;
  return `${requests}, +${(limits.waitedMs / 1000).toFixed(1)} s`;
}

/**
 * A chain whose provider rate-limited the last refresh says so and what it cost: not a failure
 * (every read was answered, later), but why the refresh was slow, and a reason to ask the provider
 * for a higher limit or add a faster RPC.
 */
export function ProviderLimits({ limits }: { limits: NonNullable<SourceStatus['limits']> }) {
  return (
    <span
      className="source-state source-limited"
      data-rate-limited={limits.rateLimited}
      title={`The RPC provider limited how fast the console may read this chain: the refresh waited and asked again. A higher plan with the provider, or a faster RPC first in ${CHAINS_SETTING}, removes the wait.`}
    >
      {' · '}
      {providerLimitsText(limits)}
    </span>
  );
}
