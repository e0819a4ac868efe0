/**
 * PROVIDE ERC 20 TOKEN INFORMATION (E0 0A) as the Ethereum app checks it: the descriptor
 * [ticker length][ticker][address][uint32 decimals][uint32 chain id][DER signature] must be signed
 * (ECDSA secp256k1 over the SHA-256 of ticker ‖ address ‖ decimals ‖ chain id) by a key the app
 * trusts, name a chain the app can handle and a ticker it can hold; anything else is 0x6A80.
 *
 * A release build trusts Ledger's token-signing key only; builds made for testing trust a test key
 * instead. The emulator trusts both: Ledger's, so the descriptors shipped in Ledger's packages are
 * accepted as on a real device, and its own test key, so tests can provide tokens Ledger never
 * signed (a real device refuses those).
 */
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, getAddress, hexToBytes } from 'viem';
import { SW, StatusWordError } from './apdu';

/**
 * Ledger's production ERC-20 signing key (uncompressed SEC1): the app's `LEDGER_SIGNATURE_PUBLIC_KEY`
 * in `src/public_keys.h` (a release build, neither the CAL test nor the staging key), which also
 * verifies every descriptor of Ledger's published token list.
 */
export const LEDGER_TOKEN_SIGNING_KEY =
  '045e6c1020c14dc46442fe89f97c0b68cdb15976dc24f24c316e7b30fe4e8cc76b1489150c21514ebf440ff5dea5393d83de5358cd098fce8fd0f81daa94979183';

/** The emulator's test key: public by construction, never trusted by a real Ledger. */
const TEST_TOKEN_PRIVATE_KEY = keccak_256(new TextEncoder().encode('Vaultdesk emulated Ledger: ERC-20 descriptor test key'));
const EMULATOR_TOKEN_SIGNING_KEY = bytesToHex(secp256k1.getPublicKey(TEST_TOKEN_PRIVATE_KEY, false)).slice(2);

/** The longest ticker the app stores (its buffer holds 12 bytes: ticker, a space and the terminator). */
const MAX_TICKER_LENGTH = 11;

export interface TokenInfo {
  ticker: string;
  /** EIP-55 */
  address: `0x${string}`;
  decimals: number;
  chainId: number;
}

function signedBytes(info: TokenInfo): Uint8Array {
  const ticker = new TextEncoder().encode(info.ticker);
  const out = new Uint8Array(ticker.length + 28);
  out.set(ticker, 0);
  out.set(hexToBytes(info.address), ticker.length);
  const view = new DataView(out.buffer);
  view.setUint32(ticker.length + 20, info.decimals);
  view.setUint32(ticker.length + 24, info.chainId);
  return out;
}

/** A descriptor signed with the emulator's test key, ready for E0 0A (tests and the demo). */
export function signWithEmulatorKey(info: TokenInfo): Uint8Array {
  const signed = signedBytes(info);
  const signature = secp256k1.sign(sha256(signed), TEST_TOKEN_PRIVATE_KEY).toDERRawBytes();
  const out = new Uint8Array(1 + signed.length + signature.length);
  out[0] = new TextEncoder().encode(info.ticker).length;
  out.set(signed, 1);
  out.set(signature, 1 + signed.length);
  return out;
}

function verifies(signature: Uint8Array, digest: Uint8Array, publicKeyHex: string): boolean {
  try {
    // Ledger's signatures are not normalised to a low S: accept both halves, as the app does.
    return secp256k1.verify(signature, digest, hexToBytes(`0x${publicKeyHex}`), { lowS: false, prehash: false, format: 'der' });
  } catch {
    return false;
  }
}

/**
 * Checks a descriptor as the app does and returns the token, or throws 0x6A80. `knownChain` says
 * whether the app can handle a chain (the Ethereum app: mainnet and the networks it lists).
 */
export function checkTokenInformation(data: Uint8Array, knownChain: (chainId: number) => boolean): TokenInfo {
  const invalid = () => new StatusWordError(SW.INVALID_DATA);
  const tickerLength = data[0];
  if (tickerLength === undefined || tickerLength > MAX_TICKER_LENGTH) throw invalid();
  if (data.length - 1 < tickerLength + 28) throw invalid();
  const signed = data.subarray(1, 1 + tickerLength + 28);
  const view = new DataView(signed.buffer, signed.byteOffset, signed.byteLength);
  const info: TokenInfo = {
    ticker: new TextDecoder().decode(signed.subarray(0, tickerLength)),
    address: getAddress(bytesToHex(signed.subarray(tickerLength, tickerLength + 20))),
    decimals: view.getUint32(tickerLength + 20),
    chainId: view.getUint32(tickerLength + 24),
  };
  if (!knownChain(info.chainId)) throw invalid();
  const digest = sha256(signed);
  const signature = data.subarray(1 + tickerLength + 28);
  if (!verifies(signature, digest, LEDGER_TOKEN_SIGNING_KEY) && !verifies(signature, digest, EMULATOR_TOKEN_SIGNING_KEY)) throw invalid();
  return info;
}
