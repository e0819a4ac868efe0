/**
 * The Ethereum app's generic parser (clear signing of a contract call from an ERC-7730 descriptor
 * certified by Ledger), as app 1.22 runs it: E0 04 with P2 = 01 stores the transaction; E0 26
 * gives the signed TRANSACTION_INFO (its signature checked with the calldata certificate loaded by
 * B0 06, its contract, selector and chain matched with the stored transaction); E0 28 gives each
 * FIELD (hashed into a SHA3-256 that must equal the info's fields hash, formatted as it arrives);
 * E0 04 with P2 = 02 starts the review. Anything that does not check out is 0x6A80; a step out of
 * order 0x6980.
 */
import { sha256 } from '@noble/hashes/sha2';
import { sha3_256 } from '@noble/hashes/sha3';
import { bytesToHex, getAddress } from 'viem';
import { clearSignedReviewScreens } from '../../../shared/device/clear-sign-screens';
import { KEY_USAGE_CALLDATA, STRUCT_VERSION, TX_INFO_TAG } from '../../../shared/device/generic-parser';
import type { DeviceScreen } from '../../../shared/device/state';
import { TlvError, concatBytes, parseTlv, readUint, type TlvItem } from '../../../shared/device/tlv';
import { SW, StatusWordError } from './apdu';
import { formatField, type FieldSource, type FormattedField } from './generic-fields';
import { verifyDer, type CertificateStore } from './pki';
import type { ParsedTransaction } from './transaction';

interface ParkedTransaction {
  path: number[];
  tx: ParsedTransaction;
  from: `0x${string}`;
}

interface TxInfo {
  intent: string;
  creatorName: string | undefined;
  fieldsHash: Uint8Array;
}

/** A TLV payload sent over several APDUs: a 2-byte size first, then the bytes. */
export class Reassembly {
  private buffer: Uint8Array | null = null;
  private size = 0;

  add(first: boolean, data: Uint8Array): Uint8Array | null {
    if (first) {
      if (data.length < 2 || this.buffer) {
        this.buffer = null;
        throw new StatusWordError(SW.INVALID_DATA);
      }
      this.size = (data[0]! << 8) | data[1]!;
      this.buffer = data.subarray(2);
    } else {
      if (!this.buffer) throw new StatusWordError(SW.INVALID_DATA);
      this.buffer = concatBytes([this.buffer, data]);
    }
    if (this.buffer.length > this.size) {
      this.buffer = null;
      throw new StatusWordError(SW.INVALID_DATA);
    }
    if (this.buffer.length < this.size) return null;
    const done = Uint8Array.from(this.buffer);
    this.buffer = null;
    return done;
  }
}

export class GenericParser {
  private parked: ParkedTransaction | null = null;
  private info: TxInfo | null = null;
  private fieldsHash = sha3_256.create();
  private fields: FormattedField[] = [];
  private readonly infoChunks = new Reassembly();
  private readonly fieldChunks = new Reassembly();

  constructor(
    private readonly certificates: CertificateStore,
    private readonly source: (parked: ParkedTransaction) => Omit<FieldSource, 'args'>,
  ) {}

  reset(): void {
    this.parked = null;
    this.info = null;
    this.fields = [];
    this.fieldsHash = sha3_256.create();
  }

  /** E0 04 P2 = 01: the transaction is kept for the descriptor that follows. */
  park(parked: ParkedTransaction): void {
    this.reset();
    this.parked = parked;
  }

  /** E0 26 */
  transactionInfo(p1: number, data: Uint8Array): void {
    const parked = this.parked;
    if (!parked) throw new StatusWordError(SW.COMMAND_NOT_ALLOWED);
    const payload = this.infoChunks.add(p1 === 0x01, data);
    if (!payload) return;
    const list = parse(payload);
    const value = (tag: number) => single(list, tag);
    if (uintOf(value(TX_INFO_TAG.VERSION), 1) !== BigInt(STRUCT_VERSION)) throw invalid();
    const signed = concatBytes(list.filter((i) => i.tag !== TX_INFO_TAG.SIGNATURE).map((i) => i.raw));
    const key = this.certificates.keyFor(KEY_USAGE_CALLDATA);
    // No calldata certificate loaded: the app has no key to check it with.
    if (!key || !verifyDer(value(TX_INFO_TAG.SIGNATURE), sha256(signed), key)) throw invalid();
    const { tx } = parked;
    const chainId = uintOf(value(TX_INFO_TAG.CHAIN_ID), 8);
    const contract = value(TX_INFO_TAG.CONTRACT_ADDR);
    const selector = value(TX_INFO_TAG.SELECTOR);
    if (contract.length !== 20 || !tx.to || getAddress(bytesToHex(contract)) !== tx.to) throw invalid();
    if (chainId !== (tx.chainId === 0n ? 1n : tx.chainId)) throw invalid();
    if (tx.data.length < 4 || bytesToHex(selector) !== bytesToHex(tx.data.subarray(0, 4))) throw invalid();
    const fieldsHash = value(TX_INFO_TAG.FIELDS_HASH);
    if (fieldsHash.length !== 32) throw invalid();
    const creator = list.find((i) => i.tag === TX_INFO_TAG.CREATOR_NAME);
    this.info = {
      intent: new TextDecoder().decode(value(TX_INFO_TAG.OPERATION_TYPE)),
      creatorName: creator ? new TextDecoder().decode(creator.value) : undefined,
      fieldsHash: Uint8Array.from(fieldsHash),
    };
    this.fields = [];
    this.fieldsHash = sha3_256.create();
  }

  /** E0 28 */
  field(p1: number, data: Uint8Array): void {
    const parked = this.parked;
    if (!parked || !this.info) throw new StatusWordError(SW.COMMAND_NOT_ALLOWED);
    const payload = this.fieldChunks.add(p1 === 0x01, data);
    if (!payload) return;
    this.fieldsHash.update(payload);
    this.fields.push(formatField(payload, { ...this.source(parked), args: parked.tx.data.subarray(4) }));
  }

  /** E0 04 P2 = 02: the review of the stored transaction, once every field checked out. */
  startFlow(
    data: Uint8Array,
    context: { appVersion: string; network: (chainId: number) => { name: string; ticker: string } | undefined },
  ): { parked: ParkedTransaction; screens: DeviceScreen[] } {
    const parked = this.parked;
    if (!parked) throw new StatusWordError(SW.COMMAND_NOT_ALLOWED);
    if (data.length !== 0 || !this.info) throw invalid();
    const hash = this.fieldsHash.clone().digest();
    if (bytesToHex(hash) !== bytesToHex(this.info.fieldsHash)) throw invalid();
    const chainId = Number(parked.tx.chainId === 0n ? 1n : parked.tx.chainId);
    const network = context.network(chainId);
    const screens = clearSignedReviewScreens({
      chainId,
      ...(network ? { network } : {}),
      intent: this.info.intent,
      ...(this.info.creatorName ? { creatorName: this.info.creatorName } : {}),
      fields: this.fields,
      maxFee: parked.tx.maxFee.toString(),
      appVersion: context.appVersion,
    });
    this.reset();
    return { parked, screens };
  }
}

const invalid = () => new StatusWordError(SW.INVALID_DATA);

function parse(bytes: Uint8Array): TlvItem[] {
  try {
    return parseTlv(bytes);
  } catch (err) {
    if (err instanceof TlvError) throw invalid();
    throw err;
  }
}

function uintOf(value: Uint8Array, maxBytes: number): bigint {
  try {
    return readUint(value, maxBytes);
  } catch {
    throw invalid();
  }
}

function single(list: TlvItem[], tag: number): Uint8Array {
  const found = list.filter((i) => i.tag === tag);
  if (found.length !== 1) throw invalid();
  return found[0]!.value;
}
