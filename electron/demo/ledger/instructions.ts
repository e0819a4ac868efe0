/**
 * The first Ethereum app version that knows each emulated instruction (from the app's history);
 * an older app answers 0x6D00 (`SWO_INVALID_INS`, "INS not supported") as its `main.c` does for an
 * instruction it lacks.
 */
import { compareVersions } from '../../../shared/device/versions';

const SINCE: Readonly<Record<number, string>> = {
  // Hashed EIP-712 ("EIP 712 signing v0"): first in the 1.4.0 release.
  0x0c: '1.4.0',
};

export function knowsInstruction(ins: number, appVersion: string): boolean {
  const since = SINCE[ins];
  return since === undefined || compareVersions(appVersion, since) >= 0;
}
