import { useState } from 'react';
import type { Plan, Review } from '../../../shared/signing/schemas';
import { isoToSeconds } from '../../../shared/domain/time';
import { useNavigationStore } from '../navigation/navigation-store';
import { openLink } from '../components/links';
import { DateTime } from '../components/time';
import { BundleSaved, useBundlesStore } from '../bundles';
import { LedgerShows, screensOnLedger, useEthereumAppVersion } from '../device';
import { ACTION_TITLE, useSigningStore } from './signing-store';
import { argLabel } from '../components/arg-names';

const ROLE_WORDS: Record<string, string> = { epochVault: 'epoch vault', queue: 'queue', tranche: 'tranche token', underlying: 'underlying token', strategy: 'strategy' };

/** The contract called and, for an approval, who may spend: each with its pinned role, the vault's name and where the pin comes from. */
function WhereMoneyGoes({ review }: { review: Extract<Review, { kind: 'transaction' }> }) {
  const vault = review.pinned?.vaultName ?? null;
  const pin = review.pinned
    ? `pinned on ${review.pinned.pinnedAt.slice(0, 10)}${review.pinned.checkedAtBlock ? `, checked on chain at block ${review.pinned.checkedAtBlock}` : ''}`
    : "not in this install's vault registry";
  // Lines of the review card itself (`.review > .cell-sub`), as the rest of the card.
  return (
    <>
      <div className="cell-sub" data-testid="call-target">
        Calls the {ROLE_WORDS[review.contract.role] ?? review.contract.role}
        {vault ? ` of ${vault}` : ''} <code>{review.contract.address}</code>
        {review.spender ? null : ` (${pin})`}
      </div>
      {review.spender ? (
        <div className="cell-sub spender" data-testid="spender">
          Spender: the {ROLE_WORDS[review.spender.role] ?? review.spender.role}
          {vault ? ` of ${vault}` : ''} <code>{review.spender.address}</code> ({pin})
          {review.unlimitedApproval ? <span className="pill pill-bad"> unlimited approval, chosen explicitly</span> : null}
        </div>
      ) : null}
    </>
  );
}

/** One transaction or message as the operator checks it: the decoded call, fees, and what the Ledger will show. */
export function ReviewCard({ review, from }: { review: Review; from?: string }) {
  const [screens, setScreens] = useState(false);
  const appVersion = useEthereumAppVersion();
  return (
    <div className="review">
      <strong>{review.title}</strong>
      {review.kind === 'transaction' ? (
        <>
          <div className="cell-sub">
            {review.contract.name} <code>{review.contract.address}</code> · {review.functionName} · nonce {review.nonce} · chain {review.chainId}
          </div>
          {review.args.length ? (
            <dl className="args">
              {review.args.map((a) => (
                <div key={a.name}>
                  <dt title={`${a.name} (${a.type})`} data-arg={a.name}>
                    {argLabel(a.name)}
                  </dt>
                  <dd title={a.value}>{a.display}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <WhereMoneyGoes review={review} />
          <div className="cell-sub">Max fee {review.fees.maxFeeDisplay}</div>
          {review.blindSigning ? <LedgerShows screens={review.deviceScreens} signingHash={review.signingHash} /> : null}
        </>
      ) : (
        <>
          {review.origin ? <div className="cell-sub">{review.origin}</div> : null}
          <pre className="message">{review.text}</pre>
        </>
      )}
      <button type="button" className="link-button" onClick={() => setScreens(!screens)}>
        {screens ? 'Hide' : 'Show'} what the Ledger will display
      </button>
      {screens ? (
        <ol className="device-screens">
          {screensOnLedger(review.deviceScreens, from, appVersion).map((s, i) => (
            <li key={i}>
              <strong>{s.title}</strong> {s.value}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** The plan before anything is signed: who is skipped and why, every transaction to sign, and the blind-signing acknowledgement. */
export function PlanReview({ plan }: { plan: Plan }) {
  const { start, discardPlan } = useSigningStore();
  const offline = useNavigationStore((s) => s.info?.mode === 'offline');
  const [ack, setAck] = useState(false);
  const toSign = plan.items.filter((i) => i.state !== 'skipped');
  const skipped = plan.wallets.filter((w) => !w.ok);
  // What the plan says about wallets that go ahead (e.g. whether a redeem will be instant).
  const notes = plan.wallets.filter((w) => w.ok && w.reason);
  const fromBundle = plan.origin?.kind === 'offline-signing';
  return (
    <div className="card wide" aria-label="Signing plan" data-testid="plan" data-wallets={plan.wallets.length}>
      <h2>
        Review: {(ACTION_TITLE[plan.selection.action] ?? plan.selection.action).toLowerCase()} in {vaultsNamed(plan)}
      </h2>
      {fromBundle ? <BundleOrigin plan={plan} /> : null}
      <p className="muted">
        {toSign.length} item{toSign.length === 1 ? '' : 's'} to sign on the Ledger for {plan.wallets.filter((w) => w.ok).length} wallet(s). Nothing is signed
        until you start{fromBundle ? ', and nothing is sent from this install' : ''}.
      </p>
      {plan.warnings.map((w) => (
        <div key={w} className="notice notice-warn">
          <p>{w}</p>
        </div>
      ))}
      {notes.length ? (
        <div className="notice notice-info" data-testid="plan-notes">
          {notes.map((w) => (
            <p key={w.address}>
              {w.label || w.address}: {w.reason}
            </p>
          ))}
        </div>
      ) : null}
      {skipped.length ? (
        <div className="notice notice-warn" data-testid="plan-skipped">
          <strong className="notice-title">Skipped</strong>
          {skipped.map((w) => (
            <p key={w.address}>
              {w.label || w.address}: {w.reason}{' '}
              {w.kycLink ? (
                <button type="button" className="link-button" onClick={() => void openLink(w.kycLink!)}>
                  Complete KYC ↗
                </button>
              ) : null}
            </p>
          ))}
        </div>
      ) : null}
      {byVault(plan, toSign).map(({ vaultId, vaultName, items }) => (
        <section key={vaultId} className="plan-vault" data-vault-id={vaultId}>
          {plan.vaults && plan.vaults.length > 1 ? (
            <h3>
              {vaultName} · {items.length} item{items.length === 1 ? '' : 's'}
            </h3>
          ) : null}
          <ol className="plan-items">
            {items.map((item) => (
              <li key={item.id} data-item-id={item.id}>
                <span className="cell-sub">{item.label || item.wallet}</span>
                {item.review ? <ReviewCard review={item.review} from={item.wallet} /> : null}
              </li>
            ))}
          </ol>
        </section>
      ))}
      {plan.vaults && plan.vaults.length > 1 && toSign.length > 0 ? (
        <p className="cell-sub" data-testid="plan-device-order">
          The device takes them wallet by wallet: all of one wallet&apos;s items one after the other, whatever their vault.
        </p>
      ) : null}
      {plan.needsBlindSigningAck ? (
        <label className="toggle ack">
          <input type="checkbox" checked={ack} onChange={(e) => setAck(e.target.checked)} aria-label="Acknowledge blind signing" /> I will compare the hash
          the Ledger shows with the one above for every contract call (blind signing).
        </label>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button button-primary" disabled={toSign.length === 0 || (plan.needsBlindSigningAck && !ack)} onClick={() => void start(ack)}>
          Sign {toSign.length} on the Ledger
        </button>
        {!fromBundle && !offline && !(plan.vaults && plan.vaults.length > 1) ? <ExportUnsigned plan={plan} disabled={toSign.length === 0} /> : null}
        <button type="button" className="button" onClick={discardPlan}>
          Discard
        </button>
      </div>
      {!fromBundle ? (
        <BundleSaved
          of={{ planId: plan.id }}
          next={(saved) =>
            `, its plan hash signed on the Ledger by the planner account ${saved.planner} (44'/60'/0'/0/0): carry it to the offline install, which must trust that address, and open it on its Bundles screen. No transaction was signed here; the plan stays until you sign or discard it.`
          }
        />
      ) : null}
    </div>
  );
}

/** The vault of a plan, or its vaults when it spans several. */
export function vaultsNamed(p: Pick<Plan, 'vault' | 'vaults'>): string {
  return p.vaults && p.vaults.length > 1 ? `${p.vaults.length} vaults (${p.vaults.map((v) => v.name).join(', ')})` : p.vault.name;
}

/** The items to sign, by vault (in the plan's vault order), each vault's wallet by wallet. */
function byVault(plan: Plan, items: Plan['items']): { vaultId: string; vaultName: string; items: Plan['items'] }[] {
  const order = plan.vaults && plan.vaults.length > 1 ? plan.vaults : [plan.vault];
  return order
    .map((v) => ({ vaultId: v.id, vaultName: v.name, items: items.filter((i) => i.vaultId === v.id || order.length === 1) }))
    .filter((g) => g.items.length > 0 || order.length === 1);
}

/** A plan from an unsigned bundle says which file, when its figures were read, and that it was checked. */
function BundleOrigin({ plan }: { plan: Plan }) {
  const view = useBundlesStore((s) => s.planViews[plan.id]);
  const showSnapshot = useBundlesStore((s) => s.showSnapshotOfPlan);
  const go = useNavigationStore((s) => s.go);
  return (
    <div className="notice notice-info" data-testid="plan-bundle">
      <p>
        From the unsigned bundle <code>{plan.origin?.fileName ?? 'without a name'}</code>
        {view ? (
          <>
            , planned from the chain as of <DateTime seconds={isoToSeconds(view.bundle.snapshotTakenAt)} />
          </>
        ) : null}
        . Every transaction was decoded again here and matches what the bundle states. The signatures are saved as a signed bundle; nothing is sent from
        this install.
      </p>
      {view ? (
        <button type="button" className="link-button" onClick={() => showSnapshot(plan.id) && go('snapshot')}>
          View the snapshot it was planned from
        </button>
      ) : null}
    </div>
  );
}

/** Online: the reviewed plan leaves as a file for an offline install to sign; nothing is signed here. */
function ExportUnsigned({ plan, disabled }: { plan: Plan; disabled: boolean }) {
  const exportUnsigned = useBundlesStore((s) => s.exportUnsigned);
  const busy = useBundlesStore((s) => s.busy);
  return (
    <button
      type="button"
      className="button"
      disabled={disabled || busy}
      title="Save this plan as an unsigned bundle, to review and sign it on an offline install. The Ledger signs its plan hash as the planner (account 44'/60'/0'/0/0): approve it on the device."
      onClick={() => void exportUnsigned(plan.id)}
    >
      Export unsigned bundle
    </button>
  );
}
