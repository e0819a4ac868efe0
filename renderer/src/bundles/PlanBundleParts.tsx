import type { Plan } from '../../../shared/signing/schemas';
import { isoToSeconds } from '../../../shared/domain/time';
import { PLANNER_PATH } from '../../../shared/device/paths';
import { useNavigationStore } from '../navigation/navigation-store';
import { DateTime } from '../components/time';
import { useBundlesStore } from './bundles-store';

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
