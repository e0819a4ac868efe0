import type { ReactNode, Ref } from 'react';
import type { DeviceScreen } from '../../../shared/device/state';
import { TypedDataHashes } from './TypedDataHashes';

/**
 * Before the planner's Ledger is asked: what its signature vouches for, the hashes to compare on the
 * device, and the choice to sign or not. The bundle export and the registry export show it alike, so
 * an operator compares the same way for both.
 */
export function PlannerSignPreview({
  vouchesFor,
  preview,
  signed,
  testIdPrefix,
  signLabel,
  busy,
  onSign,
  onCancel,
  testId,
  className,
  ref,
}: {
  /** The sentence naming what is signed, as what typed data. */
  vouchesFor: ReactNode;
  /** The typed data as it will be signed, and the two hashes the device shows of it. */
  preview: { path: string; domainHash: string; messageHash: string; type: string; domain: { name: string; version: string; salt: string }; screens: DeviceScreen[] };
  /** The hash the signature vouches for (a plan hash, a registry hash), first among those to compare. */
  signed: { label: string; value: string; testId: string };
  /** Test ids of the hashes: `<prefix>-domain-hash`, `<prefix>-message-hash`. */
  testIdPrefix: string;
  signLabel: string;
  busy: boolean;
  onSign(): void;
  onCancel(): void;
  testId: string;
  className?: string;
  /** Given when the preview is brought into view and focused as it opens. */
  ref?: Ref<HTMLElement>;
}) {
  return (
    <section
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      className={['notice', className].filter(Boolean).join(' ')}
      role="region"
      aria-label="What the planner's Ledger will sign"
      data-testid={testId}
    >
      <strong className="notice-title">What the planner&apos;s Ledger will sign</strong>
      <p>
        {vouchesFor} The Ledger needs its blind signing setting for this: it shows two hashes, compare them with these before approving.
      </p>
      <TypedDataHashes
        path={preview.path}
        rows={[
          signed,
          { label: 'Domain hash', value: preview.domainHash, testId: `${testIdPrefix}-domain-hash` },
          { label: 'Message hash', value: preview.messageHash, testId: `${testIdPrefix}-message-hash` },
        ]}
        type={preview.type}
        domain={preview.domain}
        screens={preview.screens}
      />
      <div className="form-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={onSign}>
          {signLabel}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
