import { useEffect, useState } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import { DEFAULT_OFFLINE_POLICY, type OfflinePolicy } from '../../../shared/bundles/policy';
import { plainText } from '../../../shared/bundles/plain-text';
import type { PinnedVault } from '../../../shared/registry/schemas';
import { call, errorData, getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';

type Draft = Omit<OfflinePolicy, 'chainIds' | 'tokenLimits' | 'maxBundleAgeDays'> & {
  chainIds: string;
  tokenLimits: OfflinePolicy['tokenLimits'];
  maxBundleAgeDays: string;
};

/** The policy's fee limits, each a decimal typed as the operator reads it (gwei or ETH). */
const FEE_FIELDS = [
  { name: 'maxFeePerGasGwei', label: 'Max fee per gas (gwei)' },
  { name: 'maxFeePerTransactionEth', label: 'Max fee per transaction (ETH)' },
  { name: 'maxFeePerBundleEth', label: 'Max fee per bundle (ETH)' },
] as const satisfies readonly { name: keyof Draft; label: string }[];

const toDraft = (p: OfflinePolicy): Draft => ({ ...p, chainIds: p.chainIds.join(', '), maxBundleAgeDays: String(p.maxBundleAgeDays) });

/**
 * The offline policy, edited here. A policy file that cannot be read refuses every review: the card
 * says so (naming the file) and offers to start again from the default policy, which replaces the
 * damaged file once saved (the file kept aside).
 */
export function OfflinePolicyCard() {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [vaults, setVaults] = useState<PinnedVault[]>([]);
  const [saved, setSaved] = useState(false);
  const [unreadable, setUnreadable] = useState<AppErrorData | null>(null);
  const [failure, setFailure] = useState<AppErrorData | null>(null);
  useEffect(() => {
    call(getBridge().bundles.policy({}))
      .then((policy) => setDraft(toDraft(policy)))
      .catch((err: unknown) => setUnreadable(errorData(err)));
    // The registry's tokens, for the per-token limits (its own card says when it cannot be read).
    call(getBridge().registry.list({}))
      .then(setVaults)
      .catch(() => setVaults([]));
  }, []);
  if (!draft) {
    return unreadable ? (
      <div className="card" data-testid="offline-policy-card">
        <h2>Offline policy</h2>
        <ErrorNotice error={unreadable} title="This install's policy cannot be read: no bundle is reviewed." />
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setDraft(toDraft(DEFAULT_OFFLINE_POLICY))}>
            Start again from the default policy
          </button>
        </div>
      </div>
    ) : null;
  }
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
      const policy = await call(getBridge().bundles.setPolicy({ policy: { ...draft, chainIds, maxBundleAgeDays: Number(draft.maxBundleAgeDays) } }));
      setDraft(toDraft(policy));
      setSaved(true);
      setUnreadable(null);
      setFailure(null);
    } catch (err) {
      setFailure(errorData(err));
    }
  };
  return (
    <div className="card" data-testid="offline-policy-card">
      <h2>Offline policy</h2>
      <p className="muted">
        Limits no bundle can lift. A bundle outside them is refused, naming the rule, the limit and its value; every review shows them. A
        bundle older than the age set here (since its planner made it) is refused too.
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
        <label className="field">
          <span>Max bundle age (days)</span>
          <input
            name="maxBundleAgeDays"
            inputMode="numeric"
            value={draft.maxBundleAgeDays}
            onChange={(e) => edit({ maxBundleAgeDays: e.target.value.trim() })}
          />
        </label>
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
      {unreadable ? (
        <p className="cell-sub">Saving replaces the damaged policy file, which is kept aside beside it.</p>
      ) : null}
      {saved ? (
        <div className="notice notice-ok" role="status">
          <p>Saved. Bundles imported from now on are checked against it.</p>
        </div>
      ) : null}
      {failure ? <ErrorNotice error={failure} focus /> : null}
    </div>
  );
}
