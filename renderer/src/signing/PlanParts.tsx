import type { Plan } from '../../../shared/signing/schemas';
import { isoToSeconds } from '../../../shared/domain/time';
import { useNavigationStore } from '../navigation/navigation-store';
import { openLink } from '../components/links';
import { DateTime } from '../components/time';
import { useBundlesStore } from '../bundles';
import { vaultAlert, VaultStateFlag } from '../components/VaultStateFlag';
import { usePortfolioStore } from '../batch';
import type { VaultCycle } from '../../../shared/portfolio/schemas';
import { PLANNER_PATH } from '../../../shared/device/paths';

/** The parts of a plan's review around its items: skipped wallets, flagged vaults, where a bundle's plan comes from, the export. */

/**
 * The wallets left out in one vault of a plan across vaults, one line per reason with the wallets
 * it holds for (a fleet shares a few reasons), and the way to KYC where that is the reason.
 */
export function SkippedHere({ plan, items }: { plan: Plan; items: Plan['items'] }) {
  const byReason = new Map<string, Plan['items']>();
  for (const item of items) {
    const reason = item.reason ?? 'Skipped.';
    byReason.set(reason, [...(byReason.get(reason) ?? []), item]);
  }
  return (
    <div className="notice notice-warn plan-skipped-here" data-testid="plan-skipped-here">
      {[...byReason].map(([reason, out]) => {
        const kycLink =
          plan.wallets.find((w) => !w.ok && w.kycLink && out.some((i) => i.wallet.toLowerCase() === w.address.toLowerCase()))?.kycLink ??
          null;
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
    return {
      ...(cycle ?? {
        epochNumber: 0,
        requestEpoch: 0,
        epochStart: null,
        epochEnd: null,
        epochDuration: null,
        bufferPeriod: null,
        nextEvent: null,
        asOf: 0,
      }),
      state: 'DEFAULTED',
      paused: false,
    };
  };
}

/** The defaulted or paused vaults of a plan, with what that means. */
export function usePlanVaultAlerts(plan: Plan): { vault: Plan['vault']; alert: NonNullable<ReturnType<typeof vaultAlert>> }[] {
  const cycleOf = useCycleOf();
  const vaults = plan.vaults && plan.vaults.length > 1 ? plan.vaults : [plan.vault];
  return vaults.flatMap((vault) => {
    const alert = vaultAlert(cycleOf(vault));
    return alert ? [{ vault, alert }] : [];
  });
}

/** A plan's vault flagged as on the Overview, Performance and the vault page. */
export function PlanVaultFlag({ vault }: { vault: Plan['vault'] }) {
  const cycleOf = useCycleOf();
  return <VaultStateFlag cycle={cycleOf(vault)} />;
}

/** A plan from an unsigned bundle says which file, when its figures were read, and that it was checked. */
export function BundleOrigin({ plan }: { plan: Plan }) {
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
        . Every transaction was decoded again here and matches what the bundle states. The signatures are saved as a signed bundle; nothing
        is sent from this install.
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
export function ExportUnsigned({ plan, disabled }: { plan: Plan; disabled: boolean }) {
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
