import { useEffect, useRef, useState } from 'react';
import type { ItemState } from '../../../shared/signing/schemas';
import { canRetry } from './retry';
import { useNavigationStore } from '../navigation/navigation-store';
import { KeyNeededNotice } from '../components/KeyNeededNotice';
import { Screen } from '../components/ScreenHeader';
import { ErrorNotice } from '../components/ErrorNotice';
import { useFocusOnChange } from '../components/focus/useFocusOnChange';
import { useBundleParts } from './bundle-parts';
import { NewOperation } from './NewOperation';
import { VaultPinPanel } from './VaultPinPanel';

/** Refusals that a review and an explicit pin of the vault's contracts can resolve (a collision is shown there, side by side). */
const PIN_CODES = new Set(['REGISTRY_VAULT_NOT_PINNED', 'REGISTRY_VAULT_FROZEN', 'REGISTRY_IDENTITY_COLLISION']);
import { HeldItems } from './HeldItems';
import { PlanReview, vaultsNamed } from './PlanReview';
import { ReviewCard } from './ReviewCard';
import { BatchProgress } from './BatchProgress';
import { batchCountsText } from './batch-counts-text';
import { DateTime } from '../components/time';
import { isoToSeconds } from '../../../shared/domain/time';

/** Pauses said elsewhere than in an error notice: held items (their own notice) and the operator's Pause (the batch's bar). */
const QUIET_PAUSES = new Set(['SIGNING_ITEMS_HELD', 'SIGNING_PAUSED']);
import { ACTION_TITLE, useSigningStore } from './signing-store';
import './batch-progress.css';

const STATE_CLASS: Record<ItemState, string> = {
  waiting: 'pill-muted',
  'on-device': 'pill-warn',
  signed: 'pill-info',
  broadcast: 'pill-info',
  confirmed: 'pill-ok',
  failed: 'pill-bad',
  skipped: 'pill-muted',
  held: 'pill-warn',
};

/** Plans to review, the batch being signed item by item, and the batches before it. */
export function SigningScreen() {
  const { plan, batch, batches, error, open, act, replan, planning, report, loadBatches, clearError, discardPlan } = useSigningStore();
  const { BundleSaved, OfflineStart, SaveSigned, SendChecks, originLabel } = useBundleParts();
  const offline = useNavigationStore((s) => s.info?.mode === 'offline');
  const keyless = useNavigationStore((s) => s.info?.mode === 'public');
  useEffect(() => {
    void loadBatches();
  }, [loadBatches]);
  // Signed here to be saved (offline), or signed offline and sent from here: never both.
  const origin = batch?.origin?.kind ?? null;
  // A signed bundle's items arrive signed: what is left to send.
  const toSend = batch ? batch.items.filter((i) => i.state === 'signed').length : 0;
  // Running again would do nothing: every item left is held, and only a re-plan carries them on.
  const onlyHeldLeft = batch ? batch.items.some((i) => i.state === 'held') && !batch.items.some((i) => ['waiting', 'signed', 'broadcast', 'on-device'].includes(i.state)) : false;
  // The button that runs the batch on, in the words the bar uses ("Paused after 3 of 20 signed. Resume to go on.").
  const runLabel =
    !batch || batch.status === 'running' || batch.status === 'done' || onlyHeldLeft
      ? null
      : origin === 'bundle-broadcast'
        ? `Send ${toSend} signed transaction${toSend === 1 ? '' : 's'}`
        : origin === 'offline-signing'
          ? batch.status === 'ready'
            ? 'Sign on the Ledger'
            : 'Resume signing'
          : batch.status === 'ready'
            ? 'Start'
            : 'Resume';
  // Done: the keyboard lands on the batch's heading, its result, with the report next to it.
  const batchHeading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(batchHeading, batch?.status === 'done' ? batch.id : null);
  // Discarded: back to the form's Review, which opened the review (the screen's heading when it came from elsewhere).
  const [discarded, setDiscarded] = useState(0);
  useFocusOnChange(reviewOpener, discarded || null);

  return (
    <Screen name="signing" title="Signing" subtitle="Every signature goes to the Ledger, one item at a time, journaled before each step.">
      {/* With a plan on screen, a refusal to start it is shown in its action bar, where Sign is. */}
      {error && !plan ? <ErrorNotice error={error} focus /> : null}
      {error && PIN_CODES.has(error.code) && typeof error.details?.vaultId === 'string' ? (
        <VaultPinPanel key={error.details.vaultId} vaultId={error.details.vaultId} onPinned={clearError} />
      ) : null}
      {plan ? <PlanReview
          key={plan.id}
          plan={plan}
          onDiscard={() => {
            discardPlan();
            setDiscarded((n) => n + 1);
          }}
        /> : batch?.status === 'running' ? null : offline ? <OfflineStart /> : keyless ? <KeyNeeded /> : <NewOperation />}
      {batch ? (
        <div className="card wide" aria-label="Batch" data-testid="batch" data-status={batch.status} data-batch-id={batch.id}>
          <div className="notice-head">
            <h2 ref={batchHeading} tabIndex={-1}>
              {ACTION_TITLE[batch.selection.action] ?? batch.selection.action} in {vaultsNamed(batch)} ·{' '}
              <span data-testid="batch-status">{batch.status}</span>
            </h2>
            <div className="form-actions">
              {origin === 'offline-signing' ? <SaveSigned batchId={batch.id} ready={batch.status === 'done'} /> : null}
              <button type="button" className="button" onClick={() => void report()}>
                Report (CSV)
              </button>
            </div>
          </div>
          <BatchProgress batch={batch} runLabel={runLabel} />
          {/* Held items have their own notice, with the way on (re-plan); the operator's own pause is said in the bar. */}
          {batch.pause && !QUIET_PAUSES.has(batch.pause.code) ? <ErrorNotice error={batch.pause} title="Paused" /> : null}
          {batch.status !== 'running' ? <HeldItems batch={batch} planning={planning} onReplan={() => void replan()} /> : null}
          {origin === 'offline-signing' ? (
            <BundleSaved
              of={{ batchId: batch.id }}
              next={(saved) => ` (${saved.signed ?? 0} signed): carry it to the online install and open it on its Bundles screen.`}
            />
          ) : null}
          {origin === 'offline-signing' ? (
            <p className="muted" data-testid="batch-offline">
              From the unsigned bundle <code>{batch.origin?.fileName ?? ''}</code>. Nothing is sent from this install: once every item is
              signed or skipped, save the signed bundle and carry it to the online install.
            </p>
          ) : null}
          {origin === 'bundle-broadcast' ? (
            <p className="muted" data-testid="batch-from-bundle">
              Signed on the offline install, from <code>{batch.origin?.fileName ?? 'a signed bundle'}</code>. Nothing is signed here: each
              transaction is sent exactly as signed.
            </p>
          ) : null}
          {origin === 'bundle-broadcast' ? <SendChecks batch={batch} /> : null}
          <ol className="batch-items">
            {batch.items.map((item) => (
              <li key={item.id} data-item-id={item.id} data-state={item.state}>
                <div className="item-head">
                  <span className={`pill ${STATE_CLASS[item.state]}`}>{item.state}</span>
                  <span className="cell-title">{item.label || item.wallet}</span>
                  <span className="cell-sub">{item.review?.title ?? item.step}</span>
                  {item.hash ? <code className="cell-sub">{item.hash.slice(0, 18)}…</code> : null}
                  <span className="item-actions">
                    {canRetry(item, origin) ? (
                      <button type="button" className="button button-small" onClick={() => void act('retry', item.id)}>
                        Retry
                      </button>
                    ) : null}
                    {item.state === 'waiting' || item.state === 'failed' || item.state === 'held' ? (
                      <button type="button" className="button button-small" onClick={() => void act('skip', item.id)}>
                        Skip
                      </button>
                    ) : null}
                    {item.state === 'broadcast' && origin === null ? (
                      <button type="button" className="button button-small" onClick={() => void act('resign', item.id)}>
                        Replace with higher fees
                      </button>
                    ) : null}
                  </span>
                </div>
                {item.reason ? <p className="cell-sub">{item.reason}</p> : null}
                {item.state === 'on-device' && item.review ? <ReviewCard review={item.review} /> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <div className="card wide">
        <h2>Batches</h2>
        {batches.length === 0 ? (
          <p className="cell-sub">
            {offline
              ? 'No batch yet: open an unsigned bundle to review and sign it here.'
              : keyless
                ? 'No batch yet. Batches are planned and signed once the service is read with its key.'
                : 'No batch yet: select claims or cancels on the Requests screen, then Review and sign, or start a new operation above.'}
          </p>
        ) : null}
        <ul className="batch-list">
          {batches.map((b) => (
            <li key={b.id} data-batch-id={b.id}>
              <button type="button" className="link-button" onClick={() => void open(b.id)}>
                {b.name ?? `${ACTION_TITLE[b.action] ?? b.action} · ${b.vaultName}`}
              </button>{' '}
              {b.name ? (
                <span className="cell-sub">
                  {ACTION_TITLE[b.action] ?? b.action} · {b.vaultName} ·{' '}
                </span>
              ) : null}
              {b.refused ? (
                // Its journal changed on disk (or cannot be checked): its figures are not shown, and opening it says why again.
                <span className="cell-sub" data-testid="batch-refused">
                  <span className="pill pill-bad">refused</span> {b.refused.message}
                </span>
              ) : (
                <span className="cell-sub">
                  {b.origin ? `${originLabel(b.origin)} · ` : ''}
                  {b.status} ·{' '}
                  <span data-testid="batch-counts">{batchCountsText(b)}</span> · <DateTime seconds={isoToSeconds(b.createdAt)} />
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </Screen>
  );
}

/** What opened a review: the New operation form's Review, else the screen's heading. */
const reviewOpener = () =>
  document.querySelector<HTMLElement>('form[aria-label="New operation"] button[type="submit"]') ?? document.getElementById('signing-title');

/** Read without a key, the console plans nothing: a plan checks the wallets' requests and agreements with the service. */
function KeyNeeded() {
  return (
    <KeyNeededNotice title="Signing needs an API key" attributes={{ 'data-testid': 'signing-needs-key' }}>
      <p>
        The console reads this service without a key, its public data only. A plan checks each wallet's requests and lender agreements with
        the service, and the agreements are its signature records: both need the key.
      </p>
    </KeyNeededNotice>
  );
}
