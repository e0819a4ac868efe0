import { describe, expect, it } from 'vitest';
import { failedSources, notCurrentText, staleFigures, staleRequestSource } from '../../../shared/portfolio/freshness';
import type { PortfolioVault, SourceStatus } from '../../../shared/portfolio/schemas';
import { vaultTotals } from '../../../shared/portfolio/totals';
import { portfolioVault, requestRow } from './fixtures';

const source = (id: string, ok: boolean, label = id): SourceStatus => ({
  id,
  label,
  ok,
  fetchedAtMs: ok ? 2_000 : 1_000,
  stale: !ok,
  error: ok ? null : { code: 'X', message: 'no answer' },
});

// A vault read from its chain, whose TVL in USD only the service knows.
const vault: PortfolioVault = portfolioVault('v1', {
  name: 'Vault',
  chain: { recordId: 'c', chainId: 7, name: 'Chain 7', explorerUrl: null },
  cycleSource: 'chain',
  apr: { current: 8, last: 7.5 },
  tvl: { token: '5', usd: '5' },
  origins: { apr: 'chain', lastApr: 'service', price: 'chain', tvl: 'chain', tvlUsd: 'service', queues: null, instant: null },
});

const request = requestRow;

describe('figures not current', () => {
  it('marks only the figures the failed service gave when the chain still answers', () => {
    const stale = staleFigures({ sources: [source('service', false), source('chain:7', true)] }, vault);
    expect([...stale.keys()].sort()).toEqual(['lastApr', 'tvlUsd']);
    expect(stale.get('tvlUsd')?.id).toBe('service');
  });

  it('marks what the chain gave when the chain fails, and nothing when both answer', () => {
    const stale = staleFigures({ sources: [source('service', true), source('chain:7', false)] }, vault);
    expect([...stale.keys()].sort()).toEqual(['apr', 'cycle', 'price', 'tvl']);
    expect(staleFigures({ sources: [source('service', true), source('chain:7', true)] }, vault).size).toBe(0);
  });

  it('names the source behind a stale request: its chain first, then the service for its records', () => {
    const failed = failedSources({ sources: [source('service', false, 'Credit vault service'), source('chain:7', true)] });
    expect(staleRequestSource(failed, vault, request({ stale: true }))?.label).toBe('Credit vault service');
    expect(staleRequestSource(failed, vault, request({ stale: false }))).toBeNull();
    const chainDown = failedSources({ sources: [source('service', false), source('chain:7', false, 'Chain 7')] });
    expect(staleRequestSource(chainDown, vault, request({ stale: true, source: 'chain' }))?.label).toBe('Chain 7');
  });

  it('says which source failed and when its figures are from', () => {
    expect(notCurrentText(source('service', false, 'Credit vault service'), (ms) => `t${ms}`)).toBe(
      'Not current: Credit vault service did not answer on the last refresh; this is from its answer of t1000.',
    );
  });

  it("says a vault's claims are not current when its requests are", () => {
    const totals = vaultTotals({
      groupId: null,
      generatedAtMs: 0,
      wallets: [],
      vaults: [vault],
      positions: [],
      requests: [request({ stale: true })],
      sources: [],
      cost: { http: 0, rpc: 0, ms: 0 },
    });
    expect(totals[0]).toMatchObject({ claimableCount: 1, requestsStale: true, stale: false });
  });
});
