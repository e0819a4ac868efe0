import { AppError } from '../../../shared/errors';

/**
 * The refusal of a record a check relies on (the offline install's registry, policy or trusted
 * planners) that cannot be read or does not match its format: the check stops with it, naming the
 * file, why, and how to repair it; the file stays where it is, untouched.
 */
export function damagedRecordError(record: {
  /** The file's full path. */
  file: string;
  /** Why it was not read, in words ("it is not valid JSON"). */
  reason: string;
  /** What it holds for this install ("its offline policy"). */
  holds: string;
  /** How to repair it. */
  repair: string;
}): AppError {
  return new AppError({
    code: 'OFFLINE_RECORD_DAMAGED',
    message: `${record.file}, ${record.holds}, is damaged: ${record.reason}. Every review is refused until it is repaired (the file was left as it is).`,
    action: `Nothing was signed. ${record.repair}`,
    details: { file: record.file, reason: record.reason },
  });
}
