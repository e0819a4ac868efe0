import { useEffect, useRef, useState } from 'react';
import type { Batch } from '../../../shared/signing/schemas';
import { DeviceScreenList, screensOnLedger, useDeviceTarget } from '../device';
import { useSigningStore } from './signing-store';
import { useFocusOnChange } from '../components/focus/useFocusOnChange';
import './batch-progress.css';

/**
 * The batch's bar, pinned at the top of the screen while it is signed: how far it is ("3 of 20
 * signed", held and failed counted), the item on the Ledger with the hash to compare and its
 * screens, and Pause / Resume, each acknowledged the moment it is pressed. A pause takes effect
 * between items (the one on the device is finished first), so the bar says so at once.
 */

/** Items past the device: signed, and perhaps sent and confirmed. */
const SIGNED = new Set(['signed', 'broadcast', 'confirmed']);

interface BatchCount {
  total: number;
  signed: number;
  held: number;
  failed: number;
}

function batchCount(batch: Batch): BatchCount {
  const items = batch.items.filter((i) => i.state !== 'skipped' || i.signed);
  return {
    total: items.length,
    signed: items.filter((i) => SIGNED.has(i.state)).length,
    held: items.filter((i) => i.state === 'held').length,
    failed: items.filter((i) => i.state === 'failed').length,
  };
}

/** "3 of 20 signed, 1 held, 1 failed". */
function progressText(count: BatchCount): string {
  return `${count.signed} of ${count.total} signed${count.held ? `, ${count.held} held` : ''}${count.failed ? `, ${count.failed} failed` : ''}`;
}

export function BatchProgress({ batch, runLabel }: { batch: Batch; runLabel: string | null }) {
  const act = useSigningStore((s) => s.act);
  // Pressed, not yet taken: the runner finishes the item on the device first. Reset when the batch is run again.
  const [pauseAsked, setPauseAsked] = useState<string | null>(null);
  // Started (Sign), paused or run on: the keyboard lands on the line that says how far it is.
  const [pressed, setPressed] = useState(0);
  const status = useRef<HTMLElement>(null);
  useFocusOnChange(status, `${batch.id}:${pressed}`, { onMount: true });
  const running = batch.status === 'running';
  const pausing = running && pauseAsked === batch.id;
  const count = batchCount(batch);
  const onDevice = batch.items.find((i) => i.state === 'on-device') ?? null;
  const operatorPause = batch.status === 'paused' && batch.pause?.code === 'SIGNING_PAUSED';
  const progress = progressText(count);
  const state = running
    ? pausing
      ? `${progress}. Pausing after this item…`
      : progress
    : operatorPause && runLabel
      ? `Paused after ${progress}. ${runLabel} to go on.`
      : batch.status === 'paused' && runLabel
        ? `${progress}. Paused: ${runLabel} to go on.`
        : progress;
  // The item on the Ledger brought into view, below the bar.
  useEffect(() => {
    if (!onDevice) return;
    document.querySelector(`.batch-items > li[data-item-id="${CSS.escape(onDevice.id)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [onDevice?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- only when another item reaches the device
  // Stopped (paused, held, done): the bar and the notices under it (held items, why it paused) in view.
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!running) bar.current?.scrollIntoView({ block: 'nearest' });
  }, [running]);
  return (
    <div className="batch-bar" data-testid="batch-bar" ref={bar}>
      <div className="batch-bar-line">
        <strong className="batch-progress" role="status" data-testid="batch-progress" ref={status} tabIndex={-1}>
          {state}
        </strong>
        <span className="form-actions">
          {running ? (
            <button
              type="button"
              className="button"
              disabled={pausing}
              onClick={() => {
                setPauseAsked(batch.id);
                setPressed((n) => n + 1);
                void act('pause');
              }}
            >
              Pause
            </button>
          ) : runLabel ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setPauseAsked(null);
                setPressed((n) => n + 1);
                void act('run');
              }}
            >
              {runLabel}
            </button>
          ) : null}
        </span>
      </div>
      {running && count.held ? (
        <p className="cell-sub batch-held-note" data-testid="batch-held-note">
          {count.held} held: {count.held === 1 ? 'it did' : 'they did'} not reach the Ledger, the chain moved since the plan (each says what
          changed below). Re-plan {count.held === 1 ? 'it' : 'them'} once the batch stops.
        </p>
      ) : null}
      {onDevice ? (
        <OnDevice item={onDevice} order={batch.items.filter((i) => i.state !== 'skipped').indexOf(onDevice) + 1} total={count.total} />
      ) : null}
    </div>
  );
}

/** The item on the Ledger: whose it is, what it does, the hash to compare and the screens to expect. */
function OnDevice({ item, order, total }: { item: Batch['items'][number]; order: number; total: number }) {
  const device = useDeviceTarget();
  const [screens, setScreens] = useState(false);
  const review = item.review;
  const hash = review?.kind === 'transaction' ? review.signingHash : null;
  const onLedger = review ? screensOnLedger(review, item.wallet, device) : [];
  return (
    <div className="batch-on-device" data-testid="batch-on-device">
      <span>
        On the Ledger now, item {order} of {total}: <strong>{item.label || item.wallet}</strong> · {review?.title ?? item.step}
      </span>
      {hash && review?.kind === 'transaction' && review.blindSigning ? (
        <span className="batch-hash">
          Hash to compare <code data-testid="batch-on-device-hash">{hash}</code>
        </span>
      ) : null}
      {onLedger.length ? (
        <button type="button" className="link-button" aria-expanded={screens} onClick={() => setScreens(!screens)}>
          {screens ? 'Hide its screens' : 'Show its screens'}
        </button>
      ) : null}
      {screens ? (
        <DeviceScreenList screens={onLedger} />
      ) : null}
    </div>
  );
}
