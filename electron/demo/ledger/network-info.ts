/**
 * Networks given to the app (E0 30, P2 00), as app 1.22's `provide_network_info` checks them: a
 * TLV structure of type 0x08, version 1, family Ethereum, with a chain id, a name and a ticker,
 * signed (SHA-256 of every item before the signature) by the key of a certificate loaded for the
 * NETWORK key usage. The app then takes token information on that chain. Kept until the app quits.
 *
 * The generic parser's review and an ERC-20 approval's name a provided network and write its
 * ticker. Not emulated: the network's icon (P2 01), the list query (P2 02), and the provided name
 * on blind reviews (they keep the app table's name or the bare chain id).
 */
import { sha256 } from '@noble/hashes/sha2';
import { KEY_USAGE_NETWORK, NETWORK_STRUCT, NETWORK_TAG } from '../../../shared/device/generic-parser';
import { TlvError, concatBytes, parseTlv, readUint, type TlvItem } from '../../../shared/device/tlv';
import { SW, StatusWordError } from './apdu';
import { Reassembly } from './generic-parser';
import { verifyDer, type CertificateStore } from './pki';

const invalid = () => new StatusWordError(SW.INVALID_DATA);

export class ProvidedNetworks {
  private readonly chains = new Map<number, { name: string; ticker: string }>();
  private readonly chunks = new Reassembly();

  constructor(private readonly certificates: CertificateStore) {}

  has(chainId: number): boolean {
    return this.chains.has(chainId);
  }

  get(chainId: number): { name: string; ticker: string } | undefined {
    return this.chains.get(chainId);
  }

  clear(): void {
    this.chains.clear();
  }

  /** E0 30 with P2 00: one chunk of the structure (P1 01 first, 00 next). */
  provide(p1: number, p2: number, data: Uint8Array): void {
    if (p2 !== 0x00) throw new StatusWordError(SW.INCORRECT_P1_P2);
    const payload = this.chunks.add(p1 === 0x01, data);
    if (!payload) return;
    let items: TlvItem[];
    try {
      items = parseTlv(payload);
    } catch (err) {
      if (err instanceof TlvError) throw invalid();
      throw err;
    }
    const value = (tag: number) => {
      const found = items.filter((i) => i.tag === tag);
      if (found.length !== 1) throw invalid();
      return found[0]!.value;
    };
    const uint = (tag: number, size: number) => {
      try {
        return readUint(value(tag), size);
      } catch {
        throw invalid();
      }
    };
    if (uint(NETWORK_TAG.STRUCTURE_TYPE, 1) !== BigInt(NETWORK_STRUCT.TYPE)) throw invalid();
    if (uint(NETWORK_TAG.STRUCTURE_VERSION, 1) !== BigInt(NETWORK_STRUCT.VERSION)) throw invalid();
    if (uint(NETWORK_TAG.BLOCKCHAIN_FAMILY, 1) !== BigInt(NETWORK_STRUCT.FAMILY_ETHEREUM)) throw invalid();
    const chainId = uint(NETWORK_TAG.CHAIN_ID, 8);
    if (value(NETWORK_TAG.NETWORK_NAME).length === 0 || value(NETWORK_TAG.TICKER).length === 0) throw invalid();
    const signed = concatBytes(items.filter((i) => i.tag !== NETWORK_TAG.SIGNATURE).map((i) => i.raw));
    const key = this.certificates.keyFor(KEY_USAGE_NETWORK);
    // No network certificate loaded: the app has no key to check it with.
    if (!key || !verifyDer(value(NETWORK_TAG.SIGNATURE), sha256(signed), key)) throw invalid();
    const text = (tag: number) => new TextDecoder().decode(value(tag));
    this.chains.set(Number(chainId), { name: text(NETWORK_TAG.NETWORK_NAME), ticker: text(NETWORK_TAG.TICKER) });
  }
}
