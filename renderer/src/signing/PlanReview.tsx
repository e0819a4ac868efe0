import { useCallback, useRef, useState } from 'react';
import type { Plan } from '../../../shared/signing/schemas';
import { useNavigationStore } from '../navigation/navigation-store';
import { useBundleParts } from './bundle-parts';
import { ErrorNotice } from '../components/ErrorNotice';
import { ACTION_TITLE, useSigningStore } from './signing-store';
import { totalFeeWei } from '../../../shared/domain/network-fees';
import { FeeValue, useEthPrice } from './FeeValue';
import { ItemWhatWillChange, PlanWhatWillChange, usePlanSimulation } from './WhatWillChange';
import { PLANNER_PATH } from '../../../shared/device/paths';
import { AgreementsForSkipped } from './AgreementsForSkipped';
import { ReviewCard } from './ReviewCard';
import { PlanVaultFlag, SkippedHere, usePlanVaultAlerts } from './PlanParts';
import { openLink } from '../components/links';
import { PlanTable } from './PlanTable';
import { AgreementTexts } from './AgreementTexts';
import { PlanLedgerShows } from './PlanLedgerShows';
import { focusResult, useFocusOnChange } from '../components/focus/useFocusOnChange';
import './plan-review.css';

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

/** The plan before anything is signed: who is skipped and why, every transaction to sign, and the blind-signing acknowledgement. */
export function PlanReview({ plan, onDiscard }: { plan: Plan; onDiscard?: () => void }) {
  const { start, discardPlan, error: startError } = useSigningStore();
  const { BundleOrigin, BundleSaved, ExportUnsigned, ItemSimulatedOnline, PlannerPreviewPanel, PlanSimulatedOnline, useBundlesStore } =
    useBundleParts();
  // Exported as an unsigned bundle from here: its nonces are signed on the offline install, never here too.
  const exportedAs = useBundlesStore((s) => s.exported[plan.id] ?? null);
  const offline = useNavigationStore((s) => s.info?.mode === 'offline');
  const [ack, setAck] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string) => {
    setOpen((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    // The details just opened take the keyboard, in view (they sit below the table, under their vault).
    requestAnimationFrame(() =>
      focusResult(document.querySelector<HTMLElement>(`.plan-items > li[data-item-id="${CSS.escape(id)}"]:not([hidden])`)),
    );
  }, []);
  const toSign = plan.items.filter((i) => i.state !== 'skipped');
  const skipped = plan.wallets.filter((w) => !w.ok);
  // What the plan says about wallets that go ahead (e.g. whether a redeem will be instant).
  const notes = plan.wallets.filter((w) => w.ok && w.reason);
  const fromBundle = plan.origin?.kind === 'offline-signing';
  const several = !!plan.vaults && plan.vaults.length > 1;
  const flagged = usePlanVaultAlerts(plan);
  // Simulated on forks while the operator reads; a bundle's plan on the offline side has no chain.
  const simulation = usePlanSimulation(plan, !offline && !fromBundle);
  // Planned (or re-planned): the keyboard lands on the review, where Tab reaches its table and then Sign.
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(heading, plan.id, { onMount: true });
  return (
    <div className="card wide" aria-label="Signing plan" data-testid="plan" data-wallets={plan.wallets.length}>
      <h2 ref={heading} tabIndex={-1}>
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
        {toSign.length} item{toSign.length === 1 ? '' : 's'} to sign on the Ledger for {plan.wallets.filter((w) => w.ok).length} wallet(s).
        Nothing is signed until you start{fromBundle ? ', and nothing is sent from this install' : ''}.
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
      <PlanLedgerShows items={toSign} />
      <PlanTable plan={plan} open={open} onToggle={toggle} />
      <p className="cell-sub plan-details-hint">
        Each row&apos;s <strong>Details</strong> open below, under its vault: the decoded call, the fees, what the Ledger will display and
        the simulation.{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => setOpen(open.size === toSign.length ? new Set() : new Set(toSign.map((i) => i.id)))}
        >
          {open.size === toSign.length ? 'Hide all details' : `Show the details of all ${toSign.length}`}
        </button>
      </p>
      <AgreementTexts items={plan.items} />
      {byVault(plan, plan.items).map(({ vault, items, skipped: out }) => (
        <section key={vault.id} className="plan-vault" data-vault-id={vault.id}>
          {several ? (
            <h3>
              {vault.name} <PlanVaultFlag vault={vault} /> · {items.length} item{items.length === 1 ? '' : 's'} for{' '}
              {new Set(items.map((i) => i.wallet.toLowerCase())).size} wallet(s){out.length ? ` · ${out.length} skipped` : ''}
            </h3>
          ) : null}
          {several && out.length ? <SkippedHere plan={plan} items={out} /> : null}
          <ol className="plan-items">
            {items.map((item, k) => (
              // A wallet's items one after the other, the first of each wallet marked: grouped by wallet within the vault.
              // Hidden until its row's Details: the review is read in the table, item by item on demand.
              <li
                key={item.id}
                data-item-id={item.id}
                hidden={!open.has(item.id)}
                className={k === 0 || items[k - 1]!.wallet !== item.wallet ? 'wallet-first' : undefined}
              >
                <span className="cell-sub">{item.label || item.wallet}</span>
                {item.review ? <ReviewCard review={item.review} from={item.wallet} /> : null}
                {fromBundle ? (
                  <ItemSimulatedOnline plan={plan} itemId={item.id} />
                ) : (
                  <ItemWhatWillChange plan={plan} state={simulation} itemId={item.id} />
                )}
              </li>
            ))}
          </ol>
        </section>
      ))}
      <PlanFees plan={plan} items={toSign} />
      {/* Sticky: Sign stays in view however long the review, with the acknowledgement it needs beside it. */}
      <div className="plan-action-bar" data-testid="plan-action-bar">
        {/* A refusal to start is said where Sign was pressed, not at the top of a long review. */}
        {startError ? <ErrorNotice error={startError} title="Not started." focus /> : null}
        {exportedAs ? (
          <p className="plan-sign-off" id={`sign-off-${plan.id}`} data-testid="plan-sign-exported">
            Exported for offline signing as <code>{exportedAs}</code>: its transactions are signed on the offline install, so they cannot be
            signed here too. Import the signed bundle when it comes back (Bundles), or plan again to sign here instead.
          </p>
        ) : null}
        {plan.needsBlindSigningAck && !exportedAs ? (
          <label className="toggle ack">
            <input type="checkbox" checked={ack} onChange={(e) => setAck(e.target.checked)} /> I will
            compare the hash the Ledger shows with the one shown here for every call it signs blind.
          </label>
        ) : null}
        <div className="form-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={toSign.length === 0 || exportedAs !== null || (plan.needsBlindSigningAck && !ack)}
            aria-describedby={exportedAs ? `sign-off-${plan.id}` : undefined}
            onClick={() => void start(ack)}
          >
            Sign {toSign.length} on the Ledger
          </button>
          {!fromBundle && !offline ? <ExportUnsigned plan={plan} disabled={toSign.length === 0} /> : null}
          <button type="button" className="button" onClick={onDiscard ?? discardPlan}>
            Discard
          </button>
        </div>
      </div>
      {!fromBundle ? <PlannerPreviewPanel planId={plan.id} /> : null}
      {!fromBundle ? (
        <BundleSaved
          of={{ planId: plan.id }}
          next={(saved) =>
            `, its plan hash signed on the Ledger by the planner account ${saved.planner} (${PLANNER_PATH}, EIP-712): carry it to the offline install, which must trust that address, and open it on its Bundles screen. No transaction was signed here, and this plan is now signed only there: discard it, or plan again to sign here instead.`
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
