import { useState } from 'react';
import type { Plan, Review } from '../../../shared/signing/schemas';
import { isoToSeconds } from '../../../shared/domain/time';
import { useNavigationStore } from '../navigation/navigation-store';
import { openLink } from '../components/links';
import { DateTime } from '../components/time';
import { BundleSaved, ItemSimulatedOnline, PlannerPreviewPanel, PlanSimulatedOnline, useBundlesStore } from '../bundles';
import { LedgerShows, OptionalScreens, PredictedFor, screensOnLedger, useDeviceTarget } from '../device';
import { ACTION_TITLE, useSigningStore } from './signing-store';
import { argLabel } from '../components/arg-names';
import { vaultAlert, VaultStateFlag } from '../components/VaultStateFlag';
import { usePortfolioStore } from '../portfolio';
import type { VaultCycle } from '../../../shared/portfolio/schemas';
import { totalFeeWei } from '../../../shared/domain/network-fees';
import { FeeValue, useEthPrice } from './FeeValue';
import { ItemWhatWillChange, PlanWhatWillChange, usePlanSimulation } from './WhatWillChange';
import { ROLE_NAMES } from '../../../shared/registry/schemas';
import { PLANNER_PATH } from '../../../shared/device/paths';
import { AgreementsForSkipped } from './AgreementsForSkipped';

/** The roles in the registry's words (the same as the review's). */
const ROLE_WORDS: Record<string, string> = ROLE_NAMES;

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

/** A transaction's fee cap, with its fiat value or the word that there is none. */
function ItemFee({ review }: { review: Extract<Review, { kind: 'transaction' }> }) {
  const price = useEthPrice(review.chainId);
  return (
    <div className="cell-sub" data-testid="item-fee">
      Max fee <FeeValue wei={BigInt(review.fees.maxFeeWei)} price={price} />
    </div>
  );
}

/** The plan's network fees added up: the most the whole plan can cost in gas. */
function PlanFees({ plan, items }: { plan: Plan; items: Plan['items'] }) {
  const fees = items.flatMap((i) => (i.review?.kind === 'transaction' ? [i.review.fees] : []));
  const price = useEthPrice(plan.vault.chainId);
  if (fees.length === 0) return null;
  return (
    <p className="plan-fees" data-testid="plan-fees">
      Network fees: at most <FeeValue wei={totalFeeWei(fees)} price={price} /> for {fees.length} transaction{fees.length === 1 ? '' : 's'}
    </p>
  );
}

/** One transaction or message as the operator checks it: the decoded call, fees, and what the Ledger will show. */
export function ReviewCard({ review, from }: { review: Review; from?: string }) {
  const [screens, setScreens] = useState(false);
  const device = useDeviceTarget();
  const onLedger = screensOnLedger(review, from, device);
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
          <ItemFee review={review} />
          <LedgerShows screens={onLedger} signingHash={review.signingHash} />
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
        <>
          <PredictedFor device={device} />
          <ol className="device-screens">
            {onLedger.map((s, i) => (
              <li key={i}>
                <strong>{s.title}</strong> {s.value}
              </li>
            ))}
          </ol>
          {review.kind === 'transaction' && review.blindSigning ? <OptionalScreens nonce={review.nonce} /> : null}
        </>
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
  const several = !!plan.vaults && plan.vaults.length > 1;
  const flagged = usePlanVaultAlerts(plan);
  // Simulated on forks while the operator reads; a bundle's plan on the offline side has no chain.
  const simulation = usePlanSimulation(plan, !offline && !fromBundle);
  return (
    <div className="card wide" aria-label="Signing plan" data-testid="plan" data-wallets={plan.wallets.length}>
      <h2>
        Review: {(ACTION_TITLE[plan.selection.action] ?? plan.selection.action).toLowerCase()} in {vaultsNamed(plan)}
        {several ? null : (
          <>
            {' '}
            <PlanVaultFlag vault={plan.vault} />
          </>
        )}
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
      {flagged.map(({ vault, alert }) => (
        <div key={vault.id} className="notice notice-warn" data-testid="plan-vault-flag" data-vault-id={vault.id}>
          <p>
            <strong>
              {vault.name} is {alert.label.toLowerCase()}.
            </strong>{' '}
            {alert.detail} Check the {(ACTION_TITLE[plan.selection.action] ?? plan.selection.action).toLowerCase()} below before signing.
          </p>
        </div>
      ))}
      {notes.length ? (
        <div className="notice notice-info" data-testid="plan-notes">
          {notes.map((w, k) => (
            <p key={`${w.address}-${k}`}>
              {w.label || w.address}: {w.reason}
            </p>
          ))}
        </div>
      ) : null}
      {skipped.length && !several ? (
        <div className="notice notice-warn" data-testid="plan-skipped">
          <strong className="notice-title">Skipped</strong>
          {skipped.map((w, k) => (
            <p key={`${w.address}-${k}`}>
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
      {skipped.length && several ? (
        <div className="notice notice-warn" data-testid="plan-skipped">
          <strong className="notice-title">Skipped</strong>
          <p>
            {byVault(plan, plan.items)
              .filter(({ skipped: out }) => out.length > 0)
              .map(({ vault, skipped: out }) => `${out.length} in ${vault.name}`)
              .join(', ')}
            : each vault below says which wallets and why. A wallet skipped in one vault goes ahead in the others.
          </p>
        </div>
      ) : null}
      <AgreementsForSkipped plan={plan} />
      {fromBundle ? <PlanSimulatedOnline plan={plan} /> : <PlanWhatWillChange plan={plan} state={simulation} />}
      {several && toSign.length > 0 ? (
        <p className="cell-sub" data-testid="plan-device-order">
          The device takes them wallet by wallet: all of one wallet&apos;s items one after the other, whatever their vault.
        </p>
      ) : null}
      {byVault(plan, plan.items).map(({ vault, items, skipped: out }) => (
        <section key={vault.id} className="plan-vault" data-vault-id={vault.id}>
          {several ? (
            <h3>
              {vault.name} <PlanVaultFlag vault={vault} /> · {items.length} item{items.length === 1 ? '' : 's'} for {new Set(items.map((i) => i.wallet.toLowerCase())).size}{' '}
              wallet(s){out.length ? ` · ${out.length} skipped` : ''}
            </h3>
          ) : null}
          {several && out.length ? <SkippedHere plan={plan} items={out} /> : null}
          <ol className="plan-items">
            {items.map((item, k) => (
              // A wallet's items one after the other, the first of each wallet marked: grouped by wallet within the vault.
              <li key={item.id} data-item-id={item.id} className={k === 0 || items[k - 1]!.wallet !== item.wallet ? 'wallet-first' : undefined}>
                <span className="cell-sub">{item.label || item.wallet}</span>
                {item.review ? <ReviewCard review={item.review} from={item.wallet} /> : null}
                {fromBundle ? <ItemSimulatedOnline plan={plan} itemId={item.id} /> : <ItemWhatWillChange plan={plan} state={simulation} itemId={item.id} />}
              </li>
            ))}
          </ol>
        </section>
      ))}
      <PlanFees plan={plan} items={toSign} />
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
      {several && !fromBundle && !offline ? (
        <p className="cell-sub" data-testid="plan-no-export">
          An unsigned bundle holds one vault: to sign these offline, plan each vault on its own and export each plan.
        </p>
      ) : null}
      {!fromBundle ? <PlannerPreviewPanel planId={plan.id} /> : null}
      {!fromBundle ? (
        <BundleSaved
          of={{ planId: plan.id }}
          next={(saved) =>
            `, its plan hash signed on the Ledger by the planner account ${saved.planner} (${PLANNER_PATH}, EIP-712): carry it to the offline install, which must trust that address, and open it on its Bundles screen. No transaction was signed here; the plan stays until you sign or discard it.`
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

/** The items to sign, by vault (in the plan's vault order), each vault's wallet by wallet, and the wallets skipped there. */
function byVault(plan: Plan, all: Plan['items']): { vault: Plan['vault']; items: Plan['items']; skipped: Plan['items'] }[] {
  const order = plan.vaults && plan.vaults.length > 1 ? plan.vaults : [plan.vault];
  return order
    .map((v) => {
      const mine = all.filter((i) => i.vaultId === v.id || order.length === 1);
      return { vault: v, items: mine.filter((i) => i.state !== 'skipped'), skipped: mine.filter((i) => i.state === 'skipped') };
    })
    .filter((g) => g.items.length > 0 || g.skipped.length > 0 || order.length === 1);
}

/**
 * The wallets left out in one vault of a plan across vaults, one line per reason with the wallets
 * it holds for (a fleet shares a few reasons), and the way to KYC where that is the reason.
 */
function SkippedHere({ plan, items }: { plan: Plan; items: Plan['items'] }) {
  const byReason = new Map<string, Plan['items']>();
  for (const item of items) {
    const reason = item.reason ?? 'Skipped.';
    byReason.set(reason, [...(byReason.get(reason) ?? []), item]);
  }
  return (
    <div className="notice notice-warn plan-skipped-here" data-testid="plan-skipped-here">
      {[...byReason].map(([reason, out]) => {
        const kycLink = plan.wallets.find((w) => !w.ok && w.kycLink && out.some((i) => i.wallet.toLowerCase() === w.address.toLowerCase()))?.kycLink ?? null;
        return (
          <p key={reason}>
            <strong>
              {out.length} wallet{out.length === 1 ? '' : 's'}
            </strong>{' '}
            ({out.map((i) => i.label || i.wallet).join(', ')}): {reason}{' '}
            {kycLink ? (
              <button type="button" className="link-button" onClick={() => void openLink(kycLink)}>
                Complete KYC ↗
              </button>
            ) : null}
          </p>
        );
      })}
    </div>
  );
}

/**
 * A plan's vault as the flags see it: the cycle the portfolio read, defaulted whenever the chain
 * said so at planning (the plan's own reading wins over an older one).
 */
function useCycleOf(): (vault: Plan['vault']) => VaultCycle | null {
  const vaults = usePortfolioStore((s) => s.data?.vaults);
  return (vault) => {
    const cycle = vaults?.find((v) => v.id === vault.id)?.cycle ?? null;
    if (vault.state !== 'DEFAULTED') return cycle;
    return { ...(cycle ?? { epochNumber: 0, requestEpoch: 0, epochStart: null, epochEnd: null, epochDuration: null, bufferPeriod: null, nextEvent: null, asOf: 0 }), state: 'DEFAULTED', paused: false };
  };
}

/** The defaulted or paused vaults of a plan, with what that means. */
function usePlanVaultAlerts(plan: Plan): { vault: Plan['vault']; alert: NonNullable<ReturnType<typeof vaultAlert>> }[] {
  const cycleOf = useCycleOf();
  const vaults = plan.vaults && plan.vaults.length > 1 ? plan.vaults : [plan.vault];
  return vaults.flatMap((vault) => {
    const alert = vaultAlert(cycleOf(vault));
    return alert ? [{ vault, alert }] : [];
  });
}

/** A plan's vault flagged as on the Overview, Performance and the vault page. */
function PlanVaultFlag({ vault }: { vault: Plan['vault'] }) {
  const cycleOf = useCycleOf();
  return <VaultStateFlag cycle={cycleOf(vault)} />;
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
  const prepareExport = useBundlesStore((s) => s.prepareExport);
  const busy = useBundlesStore((s) => s.busy);
  return (
    <button
      type="button"
      className="button"
      disabled={disabled || busy}
      title={`Save this plan as an unsigned bundle, to review and sign it on an offline install. The planner's Ledger account (${PLANNER_PATH}) signs its plan hash as EIP-712 typed data: the hashes to compare are shown first.`}
      onClick={() => void prepareExport(plan.id)}
    >
      Export unsigned bundle
    </button>
  );
}
