import './bundles.css';
import { useEffect } from 'react';
import type { BundleSummary } from '../../../shared/bundles/schemas';
import type { Batch } from '../../../shared/signing/schemas';
import { useNavigationStore } from '../navigation/navigation-store';
import { ErrorNotice } from '../components/ErrorNotice';
import { useBundlesStore } from './bundles-store';

/** On an offline install the Signing screen starts from a file, not from a plan made here. */
export function OfflineStart() {
  const go = useNavigationStore((s) => s.go);
  return (
    <div className="card wide" data-testid="offline-start">
      <h2>Sign a batch prepared online</h2>
      <p className="muted">
        This install opens no network connection, so it cannot plan from the chain. Open the unsigned bundle exported by the online install:
        it is checked, then reviewed here and signed on the Ledger.
      </p>
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={() => go('bundles')}>
          Open an unsigned bundle
        </button>
      </div>
    </div>
  );
}

/** Offline: the batch's signatures leave as a signed bundle once nothing is left to sign. */
export function SaveSigned({ batchId, ready }: { batchId: string; ready: boolean }) {
  const { exportSigned, busy } = useBundlesStore();
  return (
    <button
      type="button"
      className="button button-primary"
      disabled={!ready || busy}
      title={ready ? undefined : 'Sign or skip every item first.'}
      onClick={() => void exportSigned(batchId)}
    >
      Save signed bundle
    </button>
  );
}

/**
 * Where the bundle saved from a plan or a batch went, or why it could not be made; `next` says
 * what to do with the file.
 */
export function BundleSaved({ of, next }: { of: { planId: string } | { batchId: string }; next: (saved: BundleSummary) => string }) {
  const saved = useBundlesStore((s) => {
    const match = 'planId' in of ? s.saved?.planId === of.planId : s.saved?.batchId === of.batchId;
    return match ? s.saved!.summary : null;
  });
  const error = useBundlesStore((s) => s.error);
  if (error) return <ErrorNotice error={error} title="No bundle was saved." focus />;
  if (!saved) return null;
  return (
    <div className="notice notice-ok" role="status" data-testid="bundle-saved">
      <p>
        Saved <code>{saved.fileName}</code>
        {next(saved)}
      </p>
    </div>
  );
}

/**
 * Online, before and while a signed bundle is sent: what the chain says about each of its
 * transactions now (a nonce used meanwhile, a gap left by a skipped step, fees under the base
 * fee), each with the way forward.
 */
export function SendChecks({ batch }: { batch: Batch }) {
  const checks = useBundlesStore((s) => s.checks[batch.id]);
  const signers = useBundlesStore((s) => s.signers[batch.id]);
  const loadChecks = useBundlesStore((s) => s.loadChecks);
  useEffect(() => {
    if (!checks) void loadChecks(batch.id);
  }, [batch.id, checks, loadChecks]);
  const who = signers ? (
    <p className="muted" data-testid="bundle-signers">
      Planned by <code>{signers.planner}</code> (its signature checked on the offline install); reviewed and signed offline by{' '}
      <code>{signers.reviewer ?? 'an unnamed reviewer'}</code>.
    </p>
  ) : null;
  if (batch.status === 'done') return who;
  const problems = (checks ?? []).filter((c) => c.problem);
  return (
    <>
      {who}
      <div className="send-checks" aria-label="Before sending" data-testid="send-checks">
        <div className="notice-head">
          <strong>
            {!checks
              ? 'Checking each transaction against the chain…'
              : problems.length === 0
                ? `All ${checks.length} signed transaction${checks.length === 1 ? '' : 's'} can be sent now.`
                : `${problems.length} of ${checks.length} cannot be mined as signed:`}
          </strong>
          <button type="button" className="link-button" onClick={() => void loadChecks(batch.id)}>
            Check again
          </button>
        </div>
        {problems.map((c) => (
          <div key={c.itemId} data-item-id={c.itemId}>
            <ErrorNotice error={c.problem!} title={`${c.label || c.wallet}${c.nonce !== null ? ` · nonce ${c.nonce}` : ''}`} />
          </div>
        ))}
      </div>
    </>
  );
}
