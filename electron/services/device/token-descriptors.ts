/**
 * ERC-20 token descriptors: the signed token information the Ethereum app needs before it shows an
 * `approve` in clear (PROVIDE ERC 20 TOKEN INFORMATION). Only descriptors Ledger signed, from
 * Ledger's token list installed with the console (`ledger-token-list.ts`), are used: nothing is
 * fetched.
 */
import { bytesToHex, getAddress } from 'viem';
import type { LedgerTokenList } from '../../../shared/device/token-list';
import { ledgerSignatureList, ledgerTokenListChains, ledgerTokenListRelease } from './ledger-token-list';

export interface TokenDescriptor {
  ticker: string;
  /** EIP-55 */
  address: `0x${string}`;
  decimals: number;
  chainId: number;
  /** The whole descriptor as the app receives it: [ticker length][ticker][address][decimals][chain id][signature]. */
  payload: Uint8Array;
}

/** Descriptors by "chainId:lowercase address", one map per encoded list. */
export type DescriptorIndex = ReadonlyMap<string, TokenDescriptor>;

function key(chainId: number, address: string): string {
  return `${chainId}:${address.toLowerCase()}`;
}

/** Reads one descriptor (throws on a malformed one). */
function decodeDescriptor(payload: Uint8Array): TokenDescriptor {
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const tickerLength = payload[0];
  if (tickerLength === undefined || payload.length < 1 + tickerLength + 28) throw new Error('Token descriptor too short');
  let at = 1;
  const ticker = new TextDecoder().decode(payload.subarray(at, at + tickerLength));
  at += tickerLength;
  const address = getAddress(bytesToHex(payload.subarray(at, at + 20)));
  at += 20;
  const decimals = view.getUint32(at);
  const chainId = view.getUint32(at + 4);
  return { ticker, address, decimals, chainId, payload };
}

/** Reads a list in Ledger's erc20-signatures format: base64 of repeated [uint32 BE length][descriptor]. */
export function indexDescriptors(base64: string): DescriptorIndex {
  const bytes = Uint8Array.from(Buffer.from(base64, 'base64'));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const index = new Map<string, TokenDescriptor>();
  let at = 0;
  while (at + 4 <= bytes.length) {
    const length = view.getUint32(at);
    const descriptor = decodeDescriptor(bytes.subarray(at + 4, at + 4 + length));
    index.set(key(descriptor.chainId, descriptor.address), descriptor);
    at += 4 + length;
  }
  return index;
}

/** Encodes descriptors in that list format (for descriptors signed by a test key, in tests and the demo). */
export function encodeDescriptorList(payloads: Uint8Array[]): string {
  const parts = payloads.map((p) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(p.length);
    return Buffer.concat([length, Buffer.from(p)]);
  });
  return Buffer.concat(parts).toString('base64');
}

const ledgerIndexes = new Map<number, DescriptorIndex>();

/**
 * Ledger's descriptors for one chain, parsed on first use. Keyed by the chain id inside each signed
 * descriptor, so a descriptor is only ever found for the chain it was signed for.
 */
function ledgerDescriptors(chainId: number): DescriptorIndex {
  let index = ledgerIndexes.get(chainId);
  if (!index) {
    const list = ledgerSignatureList(chainId);
    index = list ? indexDescriptors(list) : new Map();
    ledgerIndexes.set(chainId, index);
  }
  return index;
}

/**
 * The descriptor for a token, from Ledger's list for its chain or from `extra` (descriptors signed
 * by a key only an emulated device trusts). Null when there is none: the device then reviews the
 * call blind.
 */
export function findTokenDescriptor(chainId: number, address: string, extra?: DescriptorIndex): TokenDescriptor | null {
  const k = key(chainId, address);
  return extra?.get(k) ?? ledgerDescriptors(chainId).get(k) ?? null;
}

/** Whether Ledger lists a token on a chain: its descriptor, or why an approval of it is reviewed blind. */
type TokenListing = { listed: true; descriptor: TokenDescriptor } | { listed: false; reason: string };

export function ledgerListing(chainId: number, address: string): TokenListing {
  const descriptor = findTokenDescriptor(chainId, address);
  if (descriptor) return { listed: true, descriptor };
  const { version, published } = ledgerTokenListRelease();
  return {
    listed: false,
    reason: `${getAddress(address)} on chain ${chainId} is not listed by Ledger (token list ${version}${published ? ` of ${published}` : ''}): the Ledger shows an approval of it blind, by its hash.`,
  };
}

/** The installed list as Settings shows it: version, date and tokens per chain. */
export function ledgerTokenList(): Omit<LedgerTokenList, 'vaultTokens'> {
  return { ...ledgerTokenListRelease(), chains: ledgerTokenListChains().map((chainId) => ({ chainId, tokens: ledgerDescriptors(chainId).size })) };
}

/** One descriptor in the list format hw-app-eth's `staticERC20Signatures` takes. */
export function descriptorList(descriptor: TokenDescriptor): string {
  return encodeDescriptorList([descriptor.payload]);
}
