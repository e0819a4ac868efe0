import { failedSources, sourceIdOf } from '../../../shared/portfolio/freshness';
import { screenLabel, useNavigationStore, vaultBack } from '../navigation/navigation-store';
import { Amount } from '../components/Amount';
import { EpochHistoryCard } from './EpochHistoryCard';
import { actionLabel, portfolioIndex, PortfolioHeader, usePortfolioStore, StaleMark } from '../batch';
import { VaultFacts } from './VaultFacts';
import { useSigningStore } from '../signing';
import { VaultInsights, VaultOperatorsLine } from './VaultInsights';
import { useVaultInsightsStore } from './vault-insights-store';
import { VaultStateFlag } from '../components/VaultStateFlag';
import { SimpleTable } from '../components/SimpleTable';

/** One vault: its cycle and countdown, rates, price, TVL, queues, instant-withdrawal settings, epoch history, and the batch's wallets in it. */
export function VaultScreen() {
  const vaultId = useNavigationStore((s) => s.vaultId);
  const go = useNavigationStore((s) => s.go);
  const back = vaultBack(useNavigationStore((s) => s.vaultOrigin));
  const data = usePortfolioStore((s) => s.data);
  const makePlan = useSigningStore((s) => s.makePlan);
  const vault = data?.vaults.find((v) => v.id === vaultId) ?? null;
  // A public vault outside the portfolio (not an epoch vault, or on another chain) is named by its profile.
  const profileName = useVaultInsightsStore((s) => (s.profile?.vault.id === vaultId ? s.profile.vault.name : null));
  const index = portfolioIndex(data);

  const positions = (data?.positions ?? []).filter((p) => p.vaultId === vaultId && (p.trancheBalance !== '0' || p.claimable.length > 0 || p.pendingDeposit !== '0' || p.pendingWithdraw !== '0'));

  return (
    <section className="screen" aria-labelledby="vault-title">
      <PortfolioHeader
        title={vault?.name ?? profileName ?? 'Vault'}
        subtitle={
          vault ? (
            <>
              <VaultStateFlag cycle={vault.cycle} serviceStatus={vault.status} /> {vault.chain.name} · {vault.underlying.symbol} ·{' '}
              <code title={vault.epochVault}>{vault.epochVault}</code>
              <VaultOperatorsLine vaultId={vault.id} />
            </>
          ) : undefined
        }
        back={{ label: screenLabel(back), onClick: () => go(back) }}
      />
      {data && !vault ? (
        <p className="empty">
          The cycle, queues and the batch's positions are read for the public epoch vaults of the chains the console reads; this vault is not
          one of them, so what follows is what the service says about it.
        </p>
      ) : null}
      {vault ? (
        <>
          <VaultFacts vault={vault} portfolio={data!} />
          <EpochHistoryCard vault={vault} refreshedAtMs={data?.generatedAtMs} />

          <div className="card wide">
            <div className="notice-head">
              <h2>This batch in the vault</h2>
              {vault.lenderSignatureIds.length > 0 && data && data.wallets.length > 0 ? (
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => {
                    void makePlan({ vaultId: vault.id, action: 'agreements', wallets: data.wallets.map((w) => w.address) });
                    go('signing');
                  }}
                >
                  Sign the lender agreements
                </button>
              ) : null}
            </div>
            <SimpleTable
              compact
              label="Batch positions in this vault"
              rows={positions}
              rowKey={(p) => p.wallet}
              rowProps={(p) => ({ className: p.stale ? 'stale-row' : undefined })}
              empty="No wallet of this batch has a balance, request or claim here."
              columns={[
                {
                  key: 'wallet',
                  header: 'Wallet',
                  cell: (p) => (
                    <>
                      {index.label(p.wallet) || <code>{p.wallet}</code>}
                      {p.stale ? (
                        <span className="cell-sub">
                          {' · '}
                          <StaleMark source={data ? failedSources(data).get(sourceIdOf(vault, 'chain')) : null} />
                        </span>
                      ) : null}
                    </>
                  ),
                },
                { key: 'access', header: 'Access', cell: (p) => (p.allowed === null ? '—' : p.allowed ? 'Allowed' : 'Needs KYC') },
                { key: 'balance', header: 'Balance', numeric: true, cell: (p) => <Amount value={p.trancheBalance} token={vault.tranche} /> },
                { key: 'value', header: 'Value', numeric: true, cell: (p) => <Amount value={p.value} token={vault.underlying} /> },
                {
                  key: 'claimable',
                  header: 'Claimable now',
                  cell: (p) => p.claimable.map((k) => actionLabel(k.functionName, k.contract) + (k.epochNumber !== null ? ` (epoch ${k.epochNumber})` : '')).join(', ') || '—',
                },
              ]}
            />
          </div>
        </>
      ) : null}
      {vaultId ? <VaultInsights vaultId={vaultId} /> : null}
    </section>
  );
}
