import './bundles.css';
import { useEffect, useRef, type ChangeEvent } from 'react';
import { FileButton } from '../components/FileButton';
import { useNavigationStore } from '../navigation/navigation-store';
import { ErrorNotice } from '../components/ErrorNotice';
import { Screen } from '../components/ScreenHeader';
import { DateTime } from '../components/time';
import { isoToSeconds } from '../../../shared/domain/time';
import { useSigningStore } from '../signing';
import { bundleContents, bundleTitle, chainsLabel, originLabel, sourceLabel, vaultsLabel } from './bundle-labels';
import { useBundlesStore } from './bundles-store';
import { ExportedBundlesCard } from './ExportedBundles';
import { useFocusOnChange } from '../components/focus/useFocusOnChange';


/**
 * Offline review, by files. Online: a reviewed plan leaves as an unsigned bundle (from the
 * Signing screen) and its signed bundle comes back here to be checked and sent. Offline: an
 * unsigned bundle is checked here, then reviewed and signed on the Signing screen, and its
 * signatures leave as a signed bundle. Either side can look at the snapshot a bundle was planned from.
 */
export function BundlesScreen() {
  const offline = useNavigationStore((s) => s.info?.mode === 'offline');
  const go = useNavigationStore((s) => s.go);
  const { opened, error, busy, saved, openFile, closeFile, importUnsigned, importSigned, showSnapshotOfFile, showSnapshotOfBatch, exportSigned } =
    useBundlesStore();
  const { batches, loadBatches, open } = useSigningStore();
  useEffect(() => {
    void loadBatches();
  }, [loadBatches]);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) await openFile(file);
  };
  const fromBundles = batches.filter((b) => b.origin);
  const summary = opened?.view.bundle ?? null;
  // Offline, the planner check is made when the file is opened: a refused planner never looks ready to review.
  const plannerCheck = opened?.view.planner ?? null;
  const refusedPlanner = plannerCheck?.status === 'refused' ? plannerCheck.refused : null;
  // A file opened: the keyboard lands on what it holds, or on the planner check's refusal (its notice takes it).
  const openButton = useRef<HTMLButtonElement>(null);
  const openedHeading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(openedHeading, refusedPlanner ? null : opened);

  return (
    <Screen
      name="bundles"
      title="Bundles"
      subtitle={
        offline
          ? 'This install reviews and signs batches prepared online. Nothing is sent from here: the signatures leave as a file.'
          : 'Carry a reviewed plan to an offline install as a file, and bring its signatures back here to send them.'
      }
      primary={
        <>
          <FileButton
            accept=".json,application/json"
            testId="bundle-input"
            className="button button-primary"
            disabled={busy}
            buttonRef={openButton}
            onFile={(e) => void onFile(e)}
          >
            {offline ? 'Open an unsigned bundle…' : 'Open a signed bundle…'}
          </FileButton>
        </>
      }
    >

      <ol className="bundle-steps" aria-label="Offline review, step by step">
        <li className={offline ? '' : 'current'}>
          <strong>1 · Online</strong> Plan on the Signing screen, review it, then <em>Export unsigned bundle</em>.
        </li>
        <li className={offline ? 'current' : ''}>
          <strong>2 · Offline</strong> Open the unsigned bundle here: every transaction is decoded again and checked, then reviewed and signed on
          the Ledger. <em>Save signed bundle</em>.
        </li>
        <li className={offline ? '' : 'current'}>
          <strong>3 · Online</strong> Open the signed bundle here: each signature is checked against its reviewed draft and wallet, then sent.
        </li>
      </ol>

      {error ? <ErrorNotice error={error} title="This file was not used." focus /> : null}
      {error?.code === 'BUNDLE_FOREIGN_PLAN' && opened ? (
        <div className="form-actions" data-testid="foreign-plan">
          {/* A deliberate second step: the warning above says what importing it means. */}
          <button type="button" className="button button-danger" disabled={busy} onClick={() => void importSigned({ acceptForeign: true }).then((ok) => ok && go('signing'))}>
            Import anyway: I know where this plan was made
          </button>
        </div>
      ) : null}
      {saved ? (
        <div className="notice notice-ok" role="status" data-testid="bundle-saved">
          <p>
            Saved <code>{saved.summary.fileName}</code> ({bundleContents(saved.summary)}).{' '}
            {saved.summary.kind === 'unsigned' ? 'Carry it to the offline install and open it there.' : 'Carry it back to the online install and open it there to send.'}
          </p>
        </div>
      ) : null}

      {opened && summary ? (
        <div className="card wide" aria-label="Bundle file" data-testid="bundle-file" data-kind={summary.kind}>
          <div className="notice-head">
            <h2 ref={openedHeading} tabIndex={-1}>
              {summary.kind === 'unsigned' ? 'Unsigned bundle' : 'Signed bundle'}: {bundleTitle(summary.action, vaultsLabel(summary))}
            </h2>
            {refusedPlanner ? (
              <span className="pill pill-bad" data-testid="bundle-check">
                planner not trusted
              </span>
            ) : (
              <span className="pill pill-ok" data-testid="bundle-check">
                checked
              </span>
            )}
          </div>
          {refusedPlanner ? <ErrorNotice error={refusedPlanner} title="This bundle cannot be reviewed or signed here." focus /> : null}
          <dl className="facts">
            <dt>File</dt>
            <dd>
              <code>{opened.fileName}</code>
            </dd>
            <dt>Holds</dt>
            <dd>
              {bundleContents(summary)} for {summary.wallets} wallet{summary.wallets === 1 ? '' : 's'}
              {summary.skippedWallets ? ` (${summary.skippedWallets} left out by the plan)` : ''}
              {summary.signed !== null ? ` · ${summary.signed} signed` : ''}
            </dd>
            <dt>{summary.vaults.length > 1 ? 'Chains' : 'Chain'}</dt>
            <dd>{chainsLabel(summary)}</dd>
            <dt>Planned from</dt>
            <dd>
              <DateTime seconds={isoToSeconds(summary.snapshotTakenAt)} /> · {sourceLabel(summary.source)}
            </dd>
            <dt>Made</dt>
            <dd>
              <DateTime seconds={isoToSeconds(summary.createdAt)} />
            </dd>
            <dt>Planned by</dt>
            <dd data-testid="bundle-planner" data-planner-status={plannerCheck?.status}>
              <code>{summary.planner}</code>
              <span className="cell-sub">
                {' · '}
                {plannerCheck?.status === 'trusted'
                  ? `its Ledger account signed the plan hash: ${plannerCheck.label ?? ''}, a planner this install trusts`
                  : plannerCheck
                    ? 'not a planner this install trusts (see above): nothing from this file is reviewed'
                    : 'its Ledger account signed the plan hash'}
              </span>
            </dd>
            {summary.reviewer ? (
              <>
                <dt>Reviewed by</dt>
                <dd data-testid="bundle-reviewer">
                  <code>{summary.reviewer}</code>
                  <span className="cell-sub"> · the offline install's Ledger account</span>
                </dd>
              </>
            ) : null}
            <dt>Checksum</dt>
            <dd>
              <code>{summary.checksum}</code>
            </dd>
          </dl>
          {refusedPlanner ? null : <p className="muted">{nextStep(summary.kind, offline)}</p>}
          {refusedPlanner && summary.kind === 'unsigned' && offline ? (
            // Just above the button it keeps off: why, in view, before anything is pressed.
            <p className="cell-sub" id="review-refused-why" data-testid="review-refused-why">
              Review and sign is off:{' '}
              {refusedPlanner.code === 'BUNDLE_PLANNER_UNKNOWN'
                ? `its planner ${summary.planner} is not one this install trusts (see above).`
                : 'the planner check refused this bundle (see above).'}
            </p>
          ) : null}
          <div className="form-actions">
            {summary.kind === 'unsigned' && offline ? (
              <>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy || refusedPlanner !== null}
                  aria-describedby={refusedPlanner ? 'review-refused-why' : undefined}
                  onClick={() => void importUnsigned().then((ok) => ok && go('signing'))}
                >
                  Review and sign
                </button>
              </>
            ) : null}
            {summary.kind === 'signed' && !offline ? (
              <button type="button" className="button button-primary" disabled={busy} onClick={() => void importSigned().then((ok) => ok && go('signing'))}>
                Check and send
              </button>
            ) : null}
            <button
              type="button"
              className="button"
              onClick={() => {
                showSnapshotOfFile();
                go('snapshot');
              }}
            >
              View snapshot
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                closeFile();
                // The card goes with its buttons: the keyboard goes back to where a bundle is opened.
                openButton.current?.focus();
              }}
            >
              Put away
            </button>
          </div>
        </div>
      ) : null}

      {offline ? null : <ExportedBundlesCard />}

      <div className="card wide" aria-label="Batches from bundles">
        <h2>Batches from bundles</h2>
        {fromBundles.length === 0 ? (
          <p className="cell-sub">
            {offline ? 'No bundle signed here yet: open an unsigned bundle to begin.' : 'No signed bundle opened here yet.'}
          </p>
        ) : (
          <ul className="batch-list">
            {fromBundles.map((b) => (
              <li key={b.id} data-batch-id={b.id}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    void open(b.id);
                    go('signing');
                  }}
                >
                  {bundleTitle(b.action, b.vaultName)}
                </button>{' '}
                <span className="cell-sub">
                  {originLabel(b.origin!)} · {b.status} ·{' '}
                  {b.origin!.kind === 'offline-signing'
                    ? `${b.counts.signed}/${b.counts.planned} signed`
                    : `${b.counts.confirmed}/${b.counts.planned} confirmed`}
                  {b.counts.failed ? `, ${b.counts.failed} failed` : ''}
                  {b.counts.skipped ? `, ${b.counts.skipped} skipped` : ''}
                </span>
                <span className="item-actions">
                  {b.origin!.kind === 'offline-signing' ? (
                    <button type="button" className="button button-small" disabled={busy || b.status !== 'done'} onClick={() => void exportSigned(b.id)}>
                      Save signed bundle
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="button button-small"
                    disabled={busy}
                    onClick={() => void showSnapshotOfBatch(b.id).then((ok) => ok && go('snapshot'))}
                  >
                    View snapshot
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Screen>
  );
}

function nextStep(kind: 'unsigned' | 'signed', offline: boolean): string {
  if (kind === 'unsigned') {
    return offline
      ? 'Every transaction was decoded again and matches what the bundle says it does. Review it on the Signing screen, then sign it on the Ledger; nothing is sent from here.'
      : 'An unsigned bundle is signed on the offline install: carry this file there. Here you can look at the snapshot it was planned from.';
  }
  return offline
    ? 'A signed bundle is sent from the online install: this install opens no connection. Here you can look at the snapshot it was planned from.'
    : 'Every signature matches its reviewed draft and recovers to its own wallet. Check and send journals it as a batch; what the chain says about each transaction is shown before anything is sent.';
}
