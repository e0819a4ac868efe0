import type { ComponentProps, ReactNode, Ref } from 'react';
import { TypedDataHashes } from './TypedDataHashes';

/**
 * Before the planner's Ledger is asked: what its signature vouches for, the hashes to compare on the
 * device, and the choice to sign or not. The bundle export and the registry export show it alike, so
 * an operator compares the same way for both.
 */
export function PlannerSignPreview({
  vouchesFor,
  hashes,
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
  hashes: ComponentProps<typeof TypedDataHashes>;
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
      <TypedDataHashes {...hashes} />
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
