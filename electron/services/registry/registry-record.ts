import { damagedRecordError } from '../storage/damaged-record';

/**
 * The offline install's registry is its root of trust for addresses: a `registry.json` that cannot
 * be read refuses every review, naming the file, and the next signed import replaces it (the
 * damaged file kept aside). Read as an empty registry it would only say "not pinned"; moved aside,
 * the reason would be lost.
 */
export const damagedRegistry = (file: string) => (reason: string) =>
  damagedRecordError({
    file,
    reason,
    holds: "this install's vault registry",
    repair:
      "Import the registry file the online install exported again (Settings → This install's vault registry; headless --registry FILE): it replaces the damaged file, which is kept aside as registry.json.corrupt-….",
  });
