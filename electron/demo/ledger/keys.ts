/**
 * The emulated device's secrets: BIP-39 seed → BIP-32 keys, addresses and RFC 6979 signatures,
 * as the Ethereum app computes them.
 */
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, getAddress } from 'viem';

/** The public test mnemonic: never holds real funds. */
export const TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

export interface DerivedAccount {
  /** Uncompressed SEC1 public key (0x04 ‖ X ‖ Y), as the app returns it. */
  publicKey: Uint8Array;
  /** EIP-55 checksummed address. */
  address: `0x${string}`;
  chainCode: Uint8Array;
}

export interface DeviceSignature {
  r: Uint8Array;
  s: Uint8Array;
  /** Parity of R.y */
  parity: 0 | 1;
  /** R.x ≥ n: the legacy v gets +2 then (practically never happens) */
  xGreaterThanN: boolean;
}

export interface Keyring {
  account(path: readonly number[]): DerivedAccount;
  sign(path: readonly number[], hash: Uint8Array): DeviceSignature;
}

function to32(value: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let v = value;
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

export function createKeyring(mnemonic: string): Keyring {
  if (!validateMnemonic(mnemonic, wordlist)) throw new Error('The emulated Ledger needs a valid BIP-39 mnemonic');
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  const cache = new Map<string, HDKey>();

  const node = (path: readonly number[]): HDKey => {
    const key = path.join('/');
    let found = cache.get(key);
    if (!found) {
      found = path.reduce((parent, index) => parent.deriveChild(index), root);
      cache.set(key, found);
    }
    return found;
  };

  return {
    account(path) {
      const hd = node(path);
      const publicKey = secp256k1.getPublicKey(hd.privateKey!, false);
      const address = getAddress(bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12)));
      return { publicKey, address, chainCode: hd.chainCode! };
    },
    sign(path, hash) {
      // RFC 6979 deterministic nonce, no extra entropy, low-s: the Ethereum app's signatures are
      // reproduced byte for byte (see the transcript replay test).
      const sig = secp256k1.sign(hash, node(path).privateKey!, { lowS: true });
      return {
        r: to32(sig.r),
        s: to32(sig.s),
        parity: (sig.recovery & 1) as 0 | 1,
        xGreaterThanN: (sig.recovery & 2) !== 0,
      };
    },
  };
}
