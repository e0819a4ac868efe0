import { parseArgs, type ParseArgsConfig } from 'node:util';
import { checkAddress } from '../../shared/domain/address';

/**
 * Command-line flags of the read-only commands (status, service:record): parsed strictly, and a
 * mistake ends the run with the command's usage line (exit code 2), never a stack trace.
 */

export class UsageError extends Error {}

/** Parses `argv` with these options; an unknown flag or a missing value becomes a UsageError. */
export function parseFlags<const O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0]!);
  }
}

/** `--rpc CHAINID=URL`, repeatable: the operator's RPC address per chain. */
export function rpcOverrides(pairs: readonly string[]): Map<number, string> {
  const overrides = new Map<number, string>();
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const id = Number(pair.slice(0, at));
    const url = pair.slice(at + 1);
    if (at < 1 || !Number.isSafeInteger(id) || id <= 0 || !/^https?:\/\/[^\s]+$/.test(url)) {
      throw new UsageError(`--rpc takes CHAINID=URL (e.g. 1=https://rpc.example.org), got "${pair}"`);
    }
    overrides.set(id, url);
  }
  return overrides;
}

/** `--wallet ADDRESS`, repeatable: each checked (EIP-55 checksum when mixed case), each once. */
export function walletFlags(values: readonly string[]): `0x${string}`[] {
  const seen = new Map<string, `0x${string}`>();
  for (const value of values) {
    const checked = checkAddress(value.trim());
    if (!checked.ok) throw new UsageError(`--wallet ${value}: ${checked.reason}`);
    seen.set(checked.address.toLowerCase(), checked.address);
  }
  return [...seen.values()];
}

/** The service address given on the command line, checked before anything is read. */
export function serviceFlag(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
  } catch {
    throw new UsageError(`--service takes the service's address (https://…), got "${value}"`);
  }
  return value;
}
