import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { OfflinePolicy } from '../../../shared/bundle/policy';
import { plainText } from '../../../shared/bundle/plain-text';
import { ROLE_NAMES, type PinnedVault, type RegistryExport, type RegistryRole } from '../../../shared/registry/schemas';
import { call, errorData, getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';
import { useNavigationStore } from '../navigation/navigation-store';
import { TrustedPlannersCard } from './TrustedPlannersCard';

/**
 * The offline install's own records, against which every unsigned bundle is checked: the vault
 * registry imported from the online install (its fingerprint to compare with the one shown there),
 * the planners it trusts, and the offline policy. Shown only on an offline-review install.
 */
export function OfflineRecordsCard() {
  const mode = useNavigationStore((s) => s.info?.mode);
  if (mode !== 'offline') return null;
  return (
    <>
      <OfflineRegistryCard />
      <TrustedPlannersCard />
      <OfflinePolicyCard />
    </>
  );
}

function OfflineRegistryCard() {
  const input = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState<RegistryExport | null>(null);
  const [vaults, setVaults] = useState<PinnedVault[]>([]);
  const [imported, setImported] = useState<{ fileName: string; fingerprint: string } | null>(null);
  const [failure, setFailure] = useState<AppErrorData | null>(null);
  const refresh = async () => {
    const [exported, pinned] = await Promise.all([call(getBridge().registry.export({})), call(getBridge().registry.list({}))]);
    setCurrent(exported);
    setVaults(pinned);
  };
  useEffect(() => {
    (async () => {
      const [exported, pinned] = await Promise.all([call(getBridge().registry.export({})), call(getBridge().registry.list({}))]);
      setCurrent(exported);
      setVaults(pinned);
    })().catch((err: unknown) => setFailure(errorData(err)));
  }, []);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const result = await call(getBridge().registry.import({ content: await file.text(), fileName: file.name }));
      // What the install now holds first, so the notice never stands beside the previous fingerprint.
      await refresh();
      setImported({ fileName: file.name, fingerprint: result.fingerprint });
      setFailure(null);
    } catch (err) {
      setFailure(errorData(err));
    }
  };
  return (
    <div className="card" data-testid="offline-registry-card">
      <h2>This install's vault registry</h2>
      <p className="muted">
        A bundle is signed here only for a vault in this registry, at the addresses pinned in it. Import the file the online install exports
        (Settings → Vault registry there), then compare the fingerprint below with the one the online install shows, character by character.
      </p>
      <div className="form-actions">
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          onChange={(e) => void onFile(e)}
          data-testid="registry-input"
        />
        <button type="button" className="button button-primary" onClick={() => input.current?.click()}>
          Import a registry file…
        </button>
      </div>
      {imported ? (
        <div className="notice notice-ok" role="status" data-testid="registry-imported">
          <strong className="notice-title">Registry imported from {plainText(imported.fileName)}</strong>
          <p>
            Fingerprint of the file: <code>{imported.fingerprint}</code>. It must be the one the online install shows; if not, import the
            right file before signing anything.
          </p>
        </div>
      ) : null}
      <dl className="facts" aria-label="Registry held here">
        <dt>Vaults pinned here</dt>
        <dd data-testid="offline-registry-count">{current ? current.vaults : '…'}</dd>
        <dt>Fingerprint</dt>
        <dd data-testid="offline-registry-fingerprint">{current ? <code>{current.fingerprint}</code> : '…'}</dd>
      </dl>
      {vaults.length > 0 ? (
        <table className="table" data-testid="offline-registry-vaults">
          <thead>
            <tr>
              <th>Vault</th>
              <th>Chain</th>
              <th>Contracts</th>
            </tr>
          </thead>
          <tbody>
            {vaults.map((v) => (
              <tr key={v.vaultId}>
                <td>
                  {plainText(v.name)}
                  <div className="cell-sub">pinned {v.pinnedAt.slice(0, 10)}</div>
                </td>
                <td>{v.chainId}</td>
                <td>
                  {(Object.keys(v.contracts) as RegistryRole[])
                    .filter((r) => v.contracts[r])
                    .map((r) => (
                      <div key={r} className="cell-sub">
                        {ROLE_NAMES[r]} <code>{v.contracts[r]}</code>
                      </div>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No vault is pinned here yet: every bundle is refused until a registry is imported.</p>
      )}
      {failure ? <ErrorNotice error={failure} /> : null}
    </div>
  );
}

type Draft = Omit<OfflinePolicy, 'chainIds' | 'tokenLimits'> & { chainIds: string; tokenLimits: OfflinePolicy['tokenLimits'] };

/** The policy's fee limits, each a decimal typed as the operator reads it (gwei or ETH). */
const FEE_FIELDS = [
  { name: 'maxFeePerGasGwei', label: 'Max fee per gas (gwei)' },
  { name: 'maxFeePerTransactionEth', label: 'Max fee per transaction (ETH)' },
  { name: 'maxFeePerBundleEth', label: 'Max fee per bundle (ETH)' },
] as const satisfies readonly { name: keyof Draft; label: string }[];

const toDraft = (p: OfflinePolicy): Draft => ({ ...p, chainIds: p.chainIds.join(', ') });

function OfflinePolicyCard() {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [vaults, setVaults] = useState<PinnedVault[]>([]);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<AppErrorData | null>(null);
  useEffect(() => {
    (async () => {
      setDraft(toDraft(await call(getBridge().bundles.policy({}))));
      setVaults(await call(getBridge().registry.list({})));
    })().catch((err: unknown) => setFailure(errorData(err)));
  }, []);
  if (!draft) return null;
  const edit = (patch: Partial<Draft>) => {
    setSaved(false);
    setDraft({ ...draft, ...patch });
  };
  // One token limit per token of the vaults pinned here (the underlying and the tranche).
  const tokens = vaults.flatMap((v) => [
    { chainId: v.chainId, token: v.contracts.underlying, symbol: v.tokens.underlying.symbol, decimals: v.tokens.underlying.decimals },
    { chainId: v.chainId, token: v.contracts.tranche, symbol: v.tokens.tranche.symbol, decimals: v.tokens.tranche.decimals },
  ]);
  const unique = tokens.filter(
    (t, i) => tokens.findIndex((x) => x.chainId === t.chainId && x.token.toLowerCase() === t.token.toLowerCase()) === i,
  );
  const limitOf = (t: { chainId: number; token: string }) =>
    draft.tokenLimits.find((l) => l.chainId === t.chainId && l.token.toLowerCase() === t.token.toLowerCase())?.maxUnits ?? '';
  const setLimit = (t: (typeof unique)[number], maxUnits: string) => {
    const others = draft.tokenLimits.filter((l) => !(l.chainId === t.chainId && l.token.toLowerCase() === t.token.toLowerCase()));
    edit({
      tokenLimits: maxUnits.trim() ? [...others, { ...t, symbol: plainText(t.symbol).slice(0, 32), maxUnits: maxUnits.trim() }] : others,
    });
  };
  const save = async () => {
    try {
      const chainIds = draft.chainIds
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      const policy = await call(getBridge().bundles.setPolicy({ policy: { ...draft, chainIds } }));
      setDraft(toDraft(policy));
      setSaved(true);
      setFailure(null);
    } catch (err) {
      setFailure(errorData(err));
    }
  };
  return (
    <div className="card" data-testid="offline-policy-card">
      <h2>Offline policy</h2>
      <p className="muted">
        Limits no bundle can lift. A bundle outside them is refused, naming the rule, the limit and its value; every review shows them.
      </p>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="field">
          <span>Chains allowed (chain ids)</span>
          <input name="chainIds" value={draft.chainIds} onChange={(e) => edit({ chainIds: e.target.value })} spellCheck={false} />
        </label>
        {FEE_FIELDS.map(({ name, label }) => (
          <label className="field" key={name}>
            <span>{label}</span>
            <input name={name} inputMode="decimal" value={draft[name]} onChange={(e) => edit({ [name]: e.target.value.trim() })} />
          </label>
        ))}
        <label className="toggle">
          <input
            type="checkbox"
            name="allowUnlimitedApprovals"
            checked={draft.allowUnlimitedApprovals}
            onChange={(e) => edit({ allowUnlimitedApprovals: e.target.checked })}
          />{' '}
          Allow unlimited approvals (otherwise exact amounts only)
        </label>
        {unique.length > 0 ? (
          <div data-testid="policy-token-limits">
            <p className="cell-sub">Max amount per transaction, in token units (empty: no limit)</p>
            {unique.map((t) => (
              <label key={`${t.chainId}-${t.token}`} className="field">
                <span>
                  {plainText(t.symbol)}{' '}
                  <span className="cell-sub">
                    chain {t.chainId} · {t.token}
                  </span>
                </span>
                <input
                  inputMode="decimal"
                  value={limitOf(t)}
                  onChange={(e) => setLimit(t, e.target.value)}
                  aria-label={`Max ${plainText(t.symbol)} per transaction`}
                />
              </label>
            ))}
          </div>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            Save the policy
          </button>
        </div>
      </form>
      {saved ? (
        <div className="notice notice-ok" role="status">
          <p>Saved. Bundles imported from now on are checked against it.</p>
        </div>
      ) : null}
      {failure ? <ErrorNotice error={failure} /> : null}
    </div>
  );
}
