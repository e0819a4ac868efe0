import { toFunctionSelector, type Hex } from 'viem';
import type { EthCall } from '../chain/rpc-client';
import { LENS_RUNTIME_CODE } from './lens-code';
import { ADDRESS_PATTERN } from '../../../shared/domain/hex';
import { portfolioLensAbi } from '../../../shared/abi/lens';

/**
 * The portfolio lens: a read-only contract whose code the console places at an unused address for
 * the duration of one `eth_call` (a state override; it is never deployed), and which reads the
 * eight values of many wallets in several epoch vaults of a chain in that call. Its address and
 * code are the console's own constants; the contracts it reads are the vaults', as the multicall
 * round reads them.
 */

/** Derived from a name (keccak256("vaultdesk.portfolio-lens")), so no account or contract lives there. */
const LENS_ADDRESS = '0xA756DD309381f7B70BF99668b4ca48791d9d5bea' as const;

/**
 * Wallet × vault pairs per lens call (all the chain's vaults for a slice of its wallets). A pair
 * costs the lens up to eight calls to warm contracts and as many cold storage reads, about 25,000
 * gas: 500 pairs stay near 12 M gas, well under the `eth_call` gas caps of common nodes (anvil:
 * the block gas limit, 30 M; geth: 50 M).
 */
export const LENS_PAIRS_PER_CALL = 500;

/** What the lens reads for each wallet in each vault, in its order (the bits of its masks). */
const LENS_FIELDS = [
  'trancheBalance',
  'underlyingBalance',
  'allowed',
  'pendingDeposit',
  'pendingWithdraw',
  'redeemRequest',
  'instantRedeemRequest',
  'apr0RedeemRequest',
] as const;

const ZERO = '0x0000000000000000000000000000000000000000' as const;

export interface LensVault {
  tranche: `0x${string}`;
  underlying: `0x${string}`;
  epochVault: `0x${string}`;
  /** Null: the pending deposit is not read (it stays unknown). */
  depositQueue: `0x${string}` | null;
  /** Null: the pending withdrawal is not read; the deposit queue's address when one contract serves both. */
  withdrawQueue: `0x${string}` | null;
  /** Null: the strategy's values are not read. */
  strategy: `0x${string}` | null;
  /** Whether the strategy keeps rate-at-stop redeems apart (`apr0Users`, 2026): read only then. */
  apr0: boolean;
  /** The queues' current request epoch; ignored without a queue. */
  epoch: number | null;
}

const SELECTOR = toFunctionSelector(portfolioLensAbi[0]).slice(2);
const word = (hex: string) => hex.padStart(64, '0');
const addressWord = (address: string) => {
  if (!ADDRESS_PATTERN.test(address)) throw new Error(`Not an address: ${address}`);
  return word(address.slice(2).toLowerCase());
};

/**
 * The ABI encoding of a lens call's wallet list (its length, then one word per wallet), hex
 * without 0x. Encoded by hand, once per slice of wallets: viem's encoder checks every mixed-case
 * address's checksum (a keccak256 each), which at ten thousand wallets cost more than the node's
 * own work.
 */
export function encodeLensWallets(wallets: readonly `0x${string}`[]): string {
  let out = word(wallets.length.toString(16));
  for (const w of wallets) out += addressWord(w);
  return out;
}

/** The ABI encoding of the vault list (its length, then eight words per vault), hex without 0x. */
export function encodeLensVaults(vaults: readonly LensVault[]): string {
  let out = word(vaults.length.toString(16));
  for (const vault of vaults) {
    const epoch = vault.epoch;
    const queue = (address: `0x${string}` | null) => (address !== null && epoch !== null ? address : ZERO);
    const apr0Strategy = vault.apr0 && vault.strategy ? vault.strategy : ZERO;
    out += [vault.tranche, vault.underlying, vault.epochVault, queue(vault.depositQueue), queue(vault.withdrawQueue), vault.strategy ?? ZERO, apr0Strategy]
      .map(addressWord)
      .join('');
    out += word((epoch ?? 0).toString(16));
  }
  return out;
}

/**
 * One lens `eth_call` for some wallets in some vaults of one chain, from their encodings
 * (`encodeLensVaults`, `encodeLensWallets`: the same for many calls, so encoded once).
 */
export function lensCall(encodedVaults: string, encodedWallets: string): EthCall {
  // Two offsets, then the vault list, then the wallet list.
  const head = word((2 * 32).toString(16)) + word((2 * 32 + encodedVaults.length / 2).toString(16));
  return {
    to: LENS_ADDRESS,
    data: `0x${SELECTOR}${head}${encodedVaults}${encodedWallets}`,
    override: { address: LENS_ADDRESS, code: LENS_RUNTIME_CODE },
  };
}

/**
 * The `bytes` an ABI-encoded answer holds (an offset word, a length word, the bytes), as hex
 * without 0x; read by hand, since viem's decoder converts the whole answer to bytes and back.
 */
function unwrapBytes(answer: Hex): string {
  const hex = answer.slice(2);
  const offset = parseInt(hex.slice(0, 64), 16) * 2;
  const length = Number.isSafeInteger(offset) && hex.length >= offset + 64 ? parseInt(hex.slice(offset, offset + 64), 16) * 2 : NaN;
  if (!Number.isSafeInteger(length) || hex.length < offset + 64 + length || !/^[0-9a-fA-F]*$/.test(hex)) throw new Error('the lens answer is not ABI-encoded bytes');
  return hex.slice(offset + 64, offset + 64 + length);
}

/** A pair's eight values: a number, or null when the lens could not read it. */
export type LensValues = (bigint | null)[];

/**
 * Unpacks a lens answer: per wallet, then per vault, a byte of non-zero bits, a byte of unread
 * bits, then the non-zero values as 32-byte words. Returns the pairs wallet by wallet (the vaults
 * of the first wallet, then of the second, …). Throws when the answer is not one (e.g. an RPC that
 * ignored the state override answers `0x`, the empty return of an address without code).
 */
export function decodeLensAnswer(answer: Hex, pairCount: number): LensValues[] {
  if (answer === '0x') throw new Error('the node answered the lens call empty (it ignored the state override)');
  const packed = unwrapBytes(answer);
  const out: LensValues[] = new Array<LensValues>(pairCount);
  let at = 0;
  for (let w = 0; w < pairCount; w++) {
    if (at + 4 > packed.length) throw new Error(`the lens answered ${w} of ${pairCount} pairs`);
    const nonZero = parseInt(packed.slice(at, at + 2), 16);
    const failed = parseInt(packed.slice(at + 2, at + 4), 16);
    at += 4;
    const values: LensValues = new Array<bigint | null>(LENS_FIELDS.length);
    for (let f = 0; f < LENS_FIELDS.length; f++) {
      const bit = 1 << f;
      if (failed & bit) values[f] = null;
      else if (nonZero & bit) {
        values[f] = BigInt(`0x${packed.slice(at, at + 64)}`);
        at += 64;
      } else values[f] = 0n;
    }
    out[w] = values;
  }
  if (at !== packed.length) throw new Error('the lens answered more than it was asked');
  return out;
}
