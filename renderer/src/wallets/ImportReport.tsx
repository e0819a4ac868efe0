import { importReportCsv } from '../../../shared/wallets/import-report-csv';
import { walletImportReportFileName } from '../../../shared/files/export-names';
import type { CsvImportReport } from '../../../shared/wallets/schemas';
import { downloadFile } from '../components/download';
import { SkippedRows } from './SkippedRows';

/** What a CSV import did, row by row: every skipped row with its line and the reason, and every row in the downloadable report. */
export function ImportReport({ report, onClose }: { report: CsvImportReport; onClose: () => void }) {
  const skipped = report.rows.filter((r) => r.outcome === 'skipped');
  return (
    <div className={`notice ${skipped.length ? 'notice-warn' : 'notice-ok'}`} role="status" data-testid="import-report">
      <div className="notice-head">
        <strong className="notice-title">
          CSV import: {report.added} added, {report.updated} updated, {report.skipped} skipped
        </strong>
        <span className="form-actions">
          <button
            type="button"
            className="link-button"
            onClick={() =>
              downloadFile({
                fileName: walletImportReportFileName(new Date()),
                mimeType: 'text/csv',
                content: importReportCsv(report),
              })
            }
          >
            Download the report (CSV)
          </button>
          <button type="button" className="link-button" onClick={onClose}>
            Dismiss
          </button>
        </span>
      </div>
      {report.createdGroups.length ? <p>New groups: {report.createdGroups.join(', ')}.</p> : null}
      <SkippedRows
        rows={skipped}
        label="Skipped rows"
        whyHeader="Why it was skipped"
        more={(n) => `…and ${n} more skipped rows: the downloaded report lists them all.`}
      />
    </div>
  );
}
