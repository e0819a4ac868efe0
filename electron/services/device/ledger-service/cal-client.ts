/**
 * A client of Ledger's crypto-assets service (CAL), for what clear signing of a contract call
 * needs, read as Ledger's own host library reads it (`@ledgerhq/context-module`: its calldata
 * descriptor and PKI certificate loaders): the signed calldata descriptors of a dApp's contracts
 * and the certificate of the key that signs them, per device model. Answers are parsed leniently
 * (fields Vaultdesk does not use are ignored); anything else is an error the caller turns into
 * blind signing.
 */
import { z } from 'zod';
import { CERT_TAG } from '../../../../shared/device/generic-parser';
import { tlv, concatBytes } from '../../../../shared/device/tlv';

/** Ledger's production service. */
export const LEDGER_SERVICE_URL = 'https://crypto-assets-service.api.ledger.com/v1';

/** Which of the service's signatures the device checks: Ledger's production key, or its test key (test devices, the emulator). */
export type ServiceSignatures = 'prod' | 'test';

const HexText = z
  .string()
  .regex(/^(0x)?([0-9a-fA-F]{2})*$/)
  .transform((s) => (s.startsWith('0x') ? s.slice(2) : s).toLowerCase());
const Signed = z.object({ data: HexText, signatures: z.object({ prod: HexText.optional(), test: HexText.optional() }) });

/** One call's descriptor as the service serves it (`descriptors_calldata[address][selector]`), version 1. */
const CalldataDescriptorSchema = z.object({
  type: z.literal('calldata'),
  version: z.literal('v1'),
  transaction_info: z.object({ descriptor: Signed }),
  // A field is its FIELD structure (hex); tolerated also as `{ data }`.
  fields: z.array(z.object({ descriptor: z.union([HexText, z.object({ data: HexText })]) })),
});

const DappsAnswerSchema = z.array(z.object({ descriptors_calldata: z.record(z.string(), z.record(z.string(), z.unknown())).nullish() }));
const CertificatesAnswerSchema = z.array(z.object({ descriptor: Signed }));

/** A call as the service certifies it: the unsigned TRANSACTION_INFO, its signature, the FIELD structures. */
export interface ServedCall {
  unsignedInfo: Uint8Array;
  signature: Uint8Array;
  fields: Uint8Array[];
}

/** What the service says of one contract's calls, by selector (lower case): a call, or why it cannot be used. */
export type ServedCalls = Map<string, ServedCall | { unreadable: string }>;

interface CalClientOptions {
  baseUrl: string;
  signatures: ServiceSignatures;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

async function getJson(options: CalClientOptions, path: string, query: Record<string, string>): Promise<unknown> {
  const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const response = await (options.fetch ?? fetch)(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 8_000), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`it answered HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new Error('its answer is not JSON');
  }
}

/** The calldata descriptors the service serves for `contracts` on `chainId` (each contract's calls by selector). */
export async function fetchCalldataDescriptors(options: CalClientOptions, chainId: number, contracts: readonly string[]): Promise<Map<string, ServedCalls>> {
  const raw = await getJson(options, 'dapps', {
    output: 'descriptors_calldata',
    chain_id: String(chainId),
    contracts: contracts.map((c) => c.toLowerCase()).join(','),
    ref: 'branch:main',
  });
  const answer = DappsAnswerSchema.safeParse(raw);
  if (!answer.success) throw new Error('its answer is not a list of dApps with calldata descriptors');
  const out = new Map<string, ServedCalls>();
  for (const dapp of answer.data) {
    for (const [address, calls] of Object.entries(dapp.descriptors_calldata ?? {})) {
      const served: ServedCalls = out.get(address.toLowerCase()) ?? new Map();
      for (const [selector, value] of Object.entries(calls)) served.set(selector.toLowerCase(), servedCall(value, options.signatures));
      out.set(address.toLowerCase(), served);
    }
  }
  return out;
}

function servedCall(value: unknown, signatures: ServiceSignatures): ServedCall | { unreadable: string } {
  const parsed = CalldataDescriptorSchema.safeParse(value);
  if (!parsed.success) return { unreadable: 'its description is not a version 1 calldata descriptor' };
  const signature = parsed.data.transaction_info.descriptor.signatures[signatures];
  if (!signature) return { unreadable: `its description carries no ${signatures} signature` };
  return {
    unsignedInfo: bytes(parsed.data.transaction_info.descriptor.data),
    signature: bytes(signature),
    fields: parsed.data.fields.map((f) => bytes(typeof f.descriptor === 'string' ? f.descriptor : f.descriptor.data)),
  };
}

/** The certificate of the service's calldata key for one device model (`target_device`), ready for B0 06. */
export async function fetchCalldataCertificate(options: CalClientOptions, targetDevice: string): Promise<Uint8Array> {
  const raw = await getJson(options, 'certificates', {
    output: 'descriptor',
    target_device: targetDevice,
    latest: 'true',
    public_key_id: 'cal_calldata_key',
    public_key_usage: 'calldata',
  });
  const answer = CertificatesAnswerSchema.safeParse(raw);
  const first = answer.success ? answer.data[0] : undefined;
  const signature = first?.descriptor.signatures[options.signatures];
  if (!first || !signature) throw new Error(`it gave no ${options.signatures} calldata certificate for ${targetDevice}`);
  return concatBytes([bytes(first.descriptor.data), tlv(CERT_TAG.SIGNATURE, bytes(signature))]);
}
