import type { Plan } from '../../../shared/signing/schemas';
import { openLink } from '../components/links';
import { vaultAlert, VaultStateFlag } from '../components/VaultStateFlag';
import { usePortfolioStore } from '../batch';
import type { VaultCycle } from '../../../shared/portfolio/schemas';
import './plan-review.css';

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
