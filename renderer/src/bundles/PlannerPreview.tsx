import { useEffect, useRef } from 'react';
import { PlannerSignPreview } from '../components/PlannerSignPreview';
import { useBundlesStore } from './bundles-store';

/**
 * Online, before the planner's Ledger is asked: what it will sign for the plan's unsigned bundle.
 * The plan hash, the EIP-712 domain and type it is signed in, and the two hashes the device shows
 * (its hashed typed-data review), to compare on the device before approving. Nothing is signed
 * until "Sign on the Ledger" is pressed.
 */
export function PlannerPreviewPanel({ planId }: { planId: string }) {
  const preview = useBundlesStore((s) => (s.plannerPreview?.planId === planId ? s.plannerPreview : null));
  const busy = useBundlesStore((s) => s.busy);
  const exportUnsigned = useBundlesStore((s) => s.exportUnsigned);
  const cancel = useBundlesStore((s) => s.cancelExport);
  const region = useRef<HTMLElement>(null);
  // It opens below a review that may be long: brought into view (and focused) before anything can be
  // signed, so the hashes to compare are read on screen before the device asks.
  useEffect(() => {
    if (!preview) return;
    region.current?.scrollIntoView({ block: 'start' });
    region.current?.focus({ preventScroll: true });
  }, [preview]);
  if (!preview) return null;
  return (
    <PlannerSignPreview
      ref={region}
      className="planner-preview"
      testId="planner-preview"
      vouchesFor="The bundle's plan hash, as Vaultdesk typed data (EIP-712) that no message or transaction can pass for."
      preview={preview}
      signed={{ label: 'Plan hash', value: preview.planHash, testId: 'planner-plan-hash' }}
      testIdPrefix="planner"
      signLabel="Sign on the Ledger and save the bundle"
      busy={busy}
      onSign={() => void exportUnsigned(planId)}
      onCancel={cancel}
    />
  );
}
