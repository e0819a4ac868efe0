import type { ReactNode } from 'react';
import { PortfolioHeader } from '../batch';
import { useRecordsProgress, useRecordsSource, type RecordsProgress } from './position-records-store';

/**
 * How far the service's position records have come, in vaults: "Position records: 4 of 10
 * vaults" while they load (the rows of the vaults done are already on screen), then the same count
 * complete. Nothing when no pair needs a record.
 */
function RecordsProgressNote({ progress }: { progress: RecordsProgress | null }) {
  if (!progress || progress.vaultsTotal === 0) return null;
  const { vaultsDone, vaultsTotal } = progress;
  const complete = vaultsTotal !== null && vaultsDone >= vaultsTotal;
  return (
    <span className="records-progress" data-records-progress={complete ? 'complete' : 'loading'} role="status">
      {vaultsTotal === null
        ? 'Position records: loading…'
        : `Position records: ${vaultsDone} of ${vaultsTotal} vault${vaultsTotal === 1 ? '' : 's'}${complete ? '' : '…'}`}
    </span>
  );
}

/**
 * The same for the batch on screen, read from the store here: the load moving on renders this note
 * again, not the screen around it.
 */
export function BatchRecordsProgress({ separator }: { separator?: string }) {
  const progress = useRecordsProgress();
  if (!progress || progress.vaultsTotal === 0) return null;
  return (
    <>
      {separator}
      <RecordsProgressNote progress={progress} />
    </>
  );
}

/**
 * The header of a portfolio screen that shows the service's position records: their source beside
 * the portfolio's, and how far they have come after the subtitle.
 */
export function PortfolioRecordsHeader({ title, subtitle }: { title: string; subtitle: ReactNode | undefined }) {
  const source = useRecordsSource();
  return (
    <PortfolioHeader
      title={title}
      subtitle={
        subtitle === undefined ? undefined : (
          <>
            {subtitle}
            <BatchRecordsProgress separator=" · " />
          </>
        )
      }
      extraSources={source ? [source] : []}
    />
  );
}
