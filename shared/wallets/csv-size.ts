import { CSV_MAX_BYTES, CSV_MAX_ROWS } from './schemas';

/** "980 KiB", "1.4 MiB": a file size as an operator reads it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
}

/** What happened and what to do about a CSV file over the import limit, with its size and name when known. */
export function csvTooLarge(bytes?: number, name?: string): { message: string; action: string } {
  const limit = formatFileSize(CSV_MAX_BYTES);
  // A file that rounds to the limit is "just over" it, never "1 MiB, more than the 1 MiB".
  const size = bytes === undefined ? 'larger than' : formatFileSize(bytes) === limit ? 'just over' : `${formatFileSize(bytes)}, more than`;
  return {
    message: `The file${name ? ` ${name}` : ''} is ${size} the ${limit} a CSV import takes at once.`,
    action: `Split it into files of at most ${limit} (and ${CSV_MAX_ROWS.toLocaleString('en-US')} rows) and import them one after the other.`,
  };
}

type CsvSizeCheck = { ok: true } | { ok: false; reason: string; message: string; action: string };

/**
 * Whether a CSV file of this many bytes may be imported. Checked on the file's size before it is
 * read, so an oversized file never crosses the bridge; the importer checks the text again.
 */
export function checkCsvSize(bytes: number, name?: string): CsvSizeCheck {
  if (bytes <= CSV_MAX_BYTES) return { ok: true };
  const { message, action } = csvTooLarge(bytes, name);
  return { ok: false, reason: `${message} ${action}`, message, action };
}
