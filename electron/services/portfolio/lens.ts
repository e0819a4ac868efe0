import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import type { EthCall } from '../chain/rpc-client';
import { LENS_RUNTIME_CODE } from './lens-code';

/**
 * The portfolio lens: a read-only contract whose code the console places at an unused address for
 * the duration of one `eth_call` (a state override; it is never deployed), and which reads the
 * eight values of many wallets in one epoch vault in that call. Its address and code are the
 * console's own constants; the contracts it reads are the vault's, as the multicall round reads them.
 */

/** Derived from a name (keccak256("vaultdesk.portfolio-lens")), so no account or contract lives there. */
export const LENS_ADDRESS = '0xA756DD309381f7B70BF99668b4ca48791d9d5bea' as const;

/**
 * Wallets per lens call. A wallet costs the lens up to eight calls to warm contracts and eight
 * cold storage reads, about 25,000 gas: 250 wallets stay near 6 M gas, under the `eth_call` gas
 * caps of common nodes (anvil: the block gas limit, 30 M; geth: 50 M).
 */
export const LENS_WALLETS_PER_CALL = 250;

const LENS_ABI = [
  {
    type: 'function',
    name: 'readWallets',
    stateMutability: 'view',
    inputs: [
      { name: 'targets', type: 'address[5]' },
      { name: 'epoch', type: 'uint256' },
      { name: 'wallets', type: 'address[]' },
    ],
    outputs: [{ name: 'out', type: 'bytes' }],
  },
] as const;

/** What the lens reads for each wallet, in its order (the bits of its masks). */
export const LENS_FIELDS = [
  'trancheBalance',
  'underlyingBalance',
  'allowed',
  'pendingDeposit',
  'pendingWithdraw',
  'redeemRequest',
  'instantRedeemRequest',
  'lastRedeemEpoch',
] as const;
export type LensField = (typeof LENS_FIELDS)[number];

const ZERO = '0x0000000000000000000000000000000000000000' as const;

export interface LensVault {
  tranche: `0x${string}`;
  underlying: `0x${string}`;
  epochVault: `0x${string}`;
  /** Null: the queue's two values are not read (they stay unknown). */
  queue: `0x${string}` | null;
  /** Null: the strategy's three values are not read. */
  strategy: `0x${string}` | null;
  /** The queue's current epoch; ignored without a queue. */
  epoch: number | null;
}

/** One lens `eth_call` for some wallets of one vault. */
export function lensCall(vault: LensVault, wallets: readonly `0x${string}`[]): EthCall {
  const withQueue = vault.queue !== null && vault.epoch !== null;
  return {
    to: LENS_ADDRESS,
    data: encodeFunctionData({
      abi: LENS_ABI,
      functionName: 'readWallets',
      args: [
        [vault.tranche, vault.underlying, vault.epochVault, withQueue ? vault.queue! : ZERO, vault.strategy ?? ZERO],
        BigInt(withQueue ? vault.epoch! : 0),
        wallets,
      ],
    }),
    override: { address: LENS_ADDRESS, code: LENS_RUNTIME_CODE },
  };
}

/** A wallet's eight values: a number, or null when the lens could not read it. */
export type LensValues = (bigint | null)[];

/**
 * Unpacks a lens answer: per wallet a byte of non-zero bits, a byte of unread bits, then the
 * non-zero values as 32-byte words. Throws when the answer is not one (e.g. an RPC that ignored
 * the state override answers `0x`, the empty return of an address without code).
 */
export function decodeLensAnswer(answer: Hex, walletCount: number): LensValues[] {
  if (answer === '0x') throw new Error('the node answered the lens call empty (it ignored the state override)');
  const packed = decodeFunctionResult({ abi: LENS_ABI, functionName: 'readWallets', data: answer });
  const out: LensValues[] = new Array<LensValues>(walletCount);
  let at = 2; // after 0x
  for (let w = 0; w < walletCount; w++) {
    if (at + 4 > packed.length) throw new Error(`the lens answered ${w} of ${walletCount} wallets`);
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
