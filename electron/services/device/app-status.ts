/**
 * A failure of a command the open Ethereum app was answering, read with what the console knew at
 * that moment (see `describeInApp`): the same word means different things inside the app and on
 * the dashboard, and 0x6A80 depends on the blind-signing setting the console last read.
 */
import { AppError } from '../../../shared/errors';
import { describeInApp, type InAppContext } from '../../../shared/device/status-words';

/** hw-app-eth turns the app's 0x6A80 on E0 04 into this error, which carries no status word. */
const BLIND_SIGNING_ERRORS = new Set(['EthAppPleaseEnableContractData', 'CeloAppPleaseEnableContractData']);

function statusWordOf(err: unknown): number | null {
  if (typeof err !== 'object' || err === null) return null;
  const { statusCode, name } = err as { statusCode?: unknown; name?: unknown };
  if (typeof statusCode === 'number') return statusCode;
  return typeof name === 'string' && BLIND_SIGNING_ERRORS.has(name) ? 0x6a80 : null;
}

/** `err` as the app meant it when it carries a status word; any other failure unchanged. */
export function inEthereumApp(err: unknown, ctx: InAppContext): unknown {
  const sw = statusWordOf(err);
  return sw === null ? err : new AppError(describeInApp(sw, ctx), { cause: err });
}
