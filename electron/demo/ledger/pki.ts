/**
 * The OS's PKI as the Ethereum app relies on it: B0 06 loads a certificate (a TLV structure signed
 * by a root key the device trusts) for one key usage; the app then checks a descriptor's signature
 * with the certificate's public key (`check_signature_with_pki`). A certificate's signature is
 * ECDSA secp256k1 over the SHA-256 of every item before the signature (checked against the test
 * certificates Ledger publishes for its own emulator: they recover to one root key that way).
 *
 * A real Ledger trusts Ledger's root only. The emulator trusts its own TEST root instead, and only
 * while `trustTestCertificates` is on (its default: the emulator serves tests and the demo); the
 * private keys below are public by construction and sign nothing a real device accepts.
 */
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { CERT_TAG, KEY_USAGE_CALLDATA, KEY_USAGE_NETWORK } from '../../../shared/device/generic-parser';
import { TlvError, concatBytes, parseTlv, tlv } from '../../../shared/device/tlv';
import { SW, StatusWordError } from './apdu';

const testKey = (label: string) => keccak_256(new TextEncoder().encode(`Vaultdesk emulated Ledger: ${label}`));

const TEST_ROOT_PRIVATE_KEY = testKey('PKI test root');
/** The test root's public key (compressed): the only root the emulator trusts. */
const TEST_PKI_ROOT = secp256k1.getPublicKey(TEST_ROOT_PRIVATE_KEY, true);

/** The test key that certifies calldata descriptors in tests and the demo (never Ledger's). */
const TEST_CALLDATA_PRIVATE_KEY = testKey('calldata descriptor test key');

/** The test key that signs network descriptions in tests and the demo (never Ledger's). */
const TEST_NETWORK_PRIVATE_KEY = testKey('network description test key');

/** A certificate for `publicKey` with this key usage, signed by the test root. */
function testCertificate(usage: number, publicKey: Uint8Array, name: string): Uint8Array {
  const body = concatBytes([
    tlv(CERT_TAG.STRUCTURE_TYPE, 1),
    tlv(CERT_TAG.VERSION, 2),
    tlv(CERT_TAG.VALIDITY_INDEX, Uint8Array.of(0, 0, 0, 1)),
    tlv(CERT_TAG.CHALLENGE, Uint8Array.of(0)),
    tlv(CERT_TAG.SIGNER_KEY_ID, Uint8Array.of(0, 2)),
    tlv(CERT_TAG.SIGN_ALGO, 1),
    tlv(CERT_TAG.TIME_VALIDITY, Uint8Array.of(0, 0, 0, 0)),
    tlv(CERT_TAG.TRUSTED_NAME, name),
    tlv(CERT_TAG.PUBLIC_KEY_ID, Uint8Array.of(0, 8)),
    tlv(CERT_TAG.PUBLIC_KEY_USAGE, usage),
    tlv(CERT_TAG.CURVE_ID, 0x21),
    tlv(CERT_TAG.PUBLIC_KEY, publicKey),
    tlv(CERT_TAG.PK_SIGN_ALGO, 1),
    tlv(CERT_TAG.TARGET_DEVICE, 2),
  ]);
  const signature = secp256k1.sign(sha256(body), TEST_ROOT_PRIVATE_KEY).toDERRawBytes();
  return concatBytes([body, tlv(CERT_TAG.SIGNATURE, signature)]);
}

/** The certificate of the calldata test key, ready for B0 06 with P1 = 0x0B. */
export function testCalldataCertificate(): Uint8Array {
  return testCertificate(KEY_USAGE_CALLDATA, secp256k1.getPublicKey(TEST_CALLDATA_PRIVATE_KEY, true), 'calldata');
}

/** A DER signature with the calldata test key over the SHA-256 of `bytes` (what the app checks). */
export function signWithTestCalldataKey(bytes: Uint8Array): Uint8Array {
  return secp256k1.sign(sha256(bytes), TEST_CALLDATA_PRIVATE_KEY).toDERRawBytes();
}

/** The certificate of the network test key, ready for B0 06 with P1 = 0x0C. */
export function testNetworkCertificate(): Uint8Array {
  return testCertificate(KEY_USAGE_NETWORK, secp256k1.getPublicKey(TEST_NETWORK_PRIVATE_KEY, true), 'network');
}

/** A DER signature with the network test key over the SHA-256 of `bytes`. */
export function signWithTestNetworkKey(bytes: Uint8Array): Uint8Array {
  return secp256k1.sign(sha256(bytes), TEST_NETWORK_PRIVATE_KEY).toDERRawBytes();
}

export function verifyDer(signature: Uint8Array, digest: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return secp256k1.verify(signature, digest, publicKey, { lowS: false, prehash: false, format: 'der' });
  } catch {
    return false;
  }
}

/** The certificates the OS holds for the running app, one per key usage. */
export class CertificateStore {
  private readonly keys = new Map<number, Uint8Array>();

  constructor(private readonly trustTestRoot: boolean) {}

  /** B0 06: P1 is the key usage the certificate must carry. Any refusal is 0x6A80 here (the OS's own codes per reason are not modelled). */
  load(usage: number, data: Uint8Array): void {
    const refuse = () => new StatusWordError(SW.INVALID_DATA);
    let items;
    try {
      items = parseTlv(data);
    } catch (err) {
      if (err instanceof TlvError) throw refuse();
      throw err;
    }
    const signatureIndex = items.findIndex((i) => i.tag === CERT_TAG.SIGNATURE);
    if (signatureIndex < 0 || signatureIndex !== items.length - 1) throw refuse();
    const signed = data.subarray(0, items[signatureIndex]!.raw.byteOffset - data.byteOffset);
    const value = (tag: number) => items.find((i) => i.tag === tag)?.value;
    if (value(CERT_TAG.PUBLIC_KEY_USAGE)?.[0] !== usage) throw refuse();
    const publicKey = value(CERT_TAG.PUBLIC_KEY);
    if (!publicKey || publicKey.length !== 33) throw refuse();
    if (!this.trustTestRoot || !verifyDer(items[signatureIndex]!.value, sha256(signed), TEST_PKI_ROOT)) throw refuse();
    this.keys.set(usage, Uint8Array.from(publicKey));
  }

  keyFor(usage: number): Uint8Array | undefined {
    return this.keys.get(usage);
  }

  clear(): void {
    this.keys.clear();
  }
}
