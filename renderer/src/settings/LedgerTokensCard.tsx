import { useEffect, useState } from 'react';
import { networkName } from '../../../shared/device';
import type { AppErrorData } from '../../../shared/errors';
import type { LedgerTokenList, VaultTokenListing } from '../../../shared/device/token-list';
import { call, errorData, getBridge } from '../bridge';
import { formatUtcDay } from '../components/locale';
import { ErrorNotice } from '../components/ErrorNotice';
import { SimpleTable, type SimpleColumn } from '../components/SimpleTable';

// The list's date is a calendar day: in the console's one date form, never shifted by the reader's time zone.
function dayText(day: string | null): string {
  const at = day ? Date.parse(`${day}T00:00:00Z`) : NaN;
  return Number.isFinite(at) ? formatUtcDay(day!) : 'an unrecorded date';
}

const chainText = (chainId: number) => {
  const name = networkName(chainId);
  return name === String(chainId) ? `chain ${chainId}` : name;
};

function Listing({ token }: { token: VaultTokenListing }) {
  if (token.ticker !== null) {
    return (
      <>
        <span className="pill pill-ok">listed</span>
        <div className="cell-sub">as {token.ticker}: approvals in clear</div>
      </>
    );
  }
  return (
    <div title={token.notListed ?? undefined}>
      <span className="pill pill-muted">not listed</span>
      <div className="cell-sub">
        {token.demoInClear ? 'by Ledger: approvals in clear in the demo only (test-certified)' : 'by Ledger: approvals blind-signed'}
      </div>
    </div>
  );
}

/** A pinned vault's token, and whether the Ledger names it (approvals in clear) or not (blind). */
const VAULT_TOKEN_COLUMNS: SimpleColumn<VaultTokenListing>[] = [
  { key: 'vault', header: 'Vault', cell: (t) => t.vault },
  { key: 'chain', header: 'Chain', cell: (t) => chainText(t.chainId) },
  {
    key: 'token',
    header: 'Token',
    cell: (t) => (
      <>
        {t.symbol} <span className="cell-sub">{t.role}</span>
        <div className="cell-sub">
          <code>{t.address}</code>
        </div>
      </>
    ),
  },
  { key: 'listing', header: 'On the Ledger', cell: (t) => <Listing token={t} /> },
];

/** The chains the Ledger names with their counts; the others (chains it shows by number) summed up. */
function ChainCounts({ chains }: { chains: LedgerTokenList['chains'] }) {
  const named = chains.filter((c) => networkName(c.chainId) !== String(c.chainId));
  const others = chains.filter((c) => networkName(c.chainId) === String(c.chainId));
  const total = chains.reduce((sum, c) => sum + c.tokens, 0);
  return (
    <>
      {named.map((c) => `${networkName(c.chainId)} ${c.tokens}`).join(' · ')}
      <div className="cell-sub" title={others.map((c) => `chain ${c.chainId}: ${c.tokens}`).join(', ') || undefined}>
        {others.length > 0
          ? `${others.length} other chains (ids ${others.map((c) => c.chainId).join(', ')}) ${others.reduce((sum, c) => sum + c.tokens, 0).toLocaleString()} · `
          : ''}
        {total.toLocaleString()} tokens in all
      </div>
    </>
  );
}

/**
 * Ledger's signed token list installed with the console: which one, of when, and whether it lists
 * the tokens the pinned vaults' approvals are for (in clear on the Ledger when it does).
 */
export function LedgerTokensCard() {
  const [list, setList] = useState<LedgerTokenList | AppErrorData | null>(null);
  useEffect(() => {
    let live = true;
    call(getBridge().settings.ledgerTokens({})).then(
      (value) => live && setList(value),
      (err: unknown) => live && setList(errorData(err)),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="card" data-testid="ledger-tokens-card">
      <h2>Ledger token list</h2>
      <p className="muted">
        The Ledger shows a token approval in clear (the token, the amount and the spender) when Ledger lists the token on the
        transaction&apos;s chain; any other approval is blind-signed and compared by its hash. The list is Ledger&apos;s signed list installed
        with the console, nothing is fetched: on each chain, the tokens Ledger ranks first by market value.
      </p>
      {list === null ? (
        <p className="muted">…</p>
      ) : 'code' in list ? (
        <ErrorNotice error={list} />
      ) : (
        <>
          <dl className="facts" aria-label="Ledger token list">
            <dt>Installed</dt>
            <dd data-testid="ledger-token-list-release">
              token list of {dayText(list.published)}
              <div className="cell-sub">
                <code>{list.package}</code> {list.version}
              </div>
            </dd>
            <dt>Tokens listed</dt>
            <dd data-testid="ledger-token-list-chains">
              <ChainCounts chains={list.chains} />
            </dd>
          </dl>
          <div className="table-wrap">
            <SimpleTable
              compact
              label="Pinned vaults' tokens on the Ledger"
              columns={VAULT_TOKEN_COLUMNS}
              rows={list.vaultTokens}
              rowKey={(t) => `${t.vaultId}:${t.role}`}
              empty="No vault is pinned yet: once one is, its tokens are looked up here."
            />
          </div>
        </>
      )}
    </div>
  );
}
