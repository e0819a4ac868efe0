/**
 * A certified call as a signing job carries it to the device service, which may run in another
 * process (Electron's utility process): JSON only, bytes as hex. On arrival it is schema-checked
 * and its structures are encoded again from the descriptor it carries: a job whose structures are
 * not what that descriptor encodes for the transaction's chain, contract and selector is refused
 * before the device is asked anything. The device checks Ledger's signature itself.
 */
import { hexToBytes, type Hex, type TransactionSerializable } from 'viem';
import { z } from 'zod';
import { AppError } from '../../../../shared/errors';
import { AddressSchema, HexSchema } from '../../../../shared/domain/hex';
import { TX_INFO_TAG } from '../../../../shared/device/generic-parser';
import { DEFAULT_MODEL, type LedgerModel } from '../../../../shared/device/models';
import { parseTlv } from '../../../../shared/device/tlv';
import type { DeviceTransactionRequest } from '../../../../shared/device/state';
import { calldataStructures, deploysTo, describedCalls, type DescribedCall } from '../calldata-descriptors';
import type { CalldataDescriptorSource } from '../clear-signing';

const FieldSchema = z.object({
  path: z.string().max(200),
  label: z.string().max(200),
  format: z.enum(['raw', 'amount', 'tokenAmount']).optional(),
  params: z
    .object({ token: z.string().max(200).optional(), tokenPath: z.string().max(200).optional(), threshold: z.string().max(80).optional(), message: z.string().max(200).optional() })
    .optional(),
  visible: z.enum(['always', 'never']).optional(),
});

const DescriptorSchema = z.object({
  context: z.object({ $id: z.string().optional(), contract: z.object({ deployments: z.array(z.object({ chainId: z.number().int(), address: AddressSchema })).min(1).max(8) }) }),
  metadata: z.object({
    owner: z.string().max(200).optional(),
    contractName: z.string().max(200).optional(),
    info: z.object({ url: z.string().max(300), legalName: z.string().max(200).optional() }).optional(),
    constants: z.record(z.string(), z.string().max(200)).optional(),
  }),
  display: z.object({ formats: z.record(z.string().max(300), z.object({ intent: z.string().max(200), fields: z.array(FieldSchema).max(32) })) }),
});

export const CarriedCallSchema = z.object({
  descriptor: DescriptorSchema,
  /** The certificate of the key that signed `info`, per device model (the service's `target_device`). */
  certificates: z.record(z.string(), HexSchema),
  /** TRANSACTION_INFO with its signature. */
  info: HexSchema,
  fields: z.array(HexSchema).max(32),
});
export type CarriedCall = z.infer<typeof CarriedCallSchema>;

/** What carries certified calls: Ledger's service source online, the calls of checked bundles offline. */
export interface CarrySource {
  carried(chainId: number, to: string, selector: Hex): CarriedCall | null;
}

/** The request with the certified call for it, when the source has one (the device then shows it in clear). */
export function withCertifiedCall(request: DeviceTransactionRequest, source: CarrySource): DeviceTransactionRequest {
  if (!request.to || !request.data || request.data.length < 10) return request;
  const carried = source.carried(request.chainId, request.to, request.data.slice(0, 10).toLowerCase() as Hex);
  return carried ? { ...request, certified: carried } : request;
}

function refused(reason: string): AppError {
  return new AppError({
    code: 'DEVICE_INVALID_REQUEST',
    message: `The clear-signing description sent with this transaction ${reason}: nothing was shown or signed.`,
    action: 'Plan the transaction again; if it happens again, sign it blind by comparing its hash on the Ledger.',
  });
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The carried call's structures when they are byte for byte what its descriptor encodes for this
 * chain, contract and selector (the info followed by exactly one signature item); null otherwise.
 */
export function certifiedFrom(carried: CarriedCall, chainId: number, to: string, selector: string): { call: DescribedCall; info: Uint8Array; fields: Uint8Array[] } | null {
  const call = describedCalls(carried.descriptor).find((c) => c.selector === selector.toLowerCase());
  if (!call || !deploysTo(carried.descriptor, chainId, to)) return null;
  const ours = calldataStructures(carried.descriptor, call, chainId, to);
  const info = hexToBytes(carried.info as Hex);
  const signature = (() => {
    try {
      const tail = parseTlv(info.subarray(ours.unsignedInfo.length));
      return tail.length === 1 && tail[0]!.tag === TX_INFO_TAG.SIGNATURE;
    } catch {
      return false;
    }
  })();
  const fields = carried.fields.map((f) => hexToBytes(f as Hex));
  const equal = signature && same(info.subarray(0, ours.unsignedInfo.length), ours.unsignedInfo) && fields.length === ours.fields.length && fields.every((f, i) => same(f, ours.fields[i]!));
  return equal ? { call, info, fields } : null;
}

/**
 * The carried call as a descriptor source for exactly this call, with the certificate for the
 * device's model (none: null, the call is signed blind).
 */
export function carriedSource(carried: CarriedCall, chainId: number, to: string, selector: string, model: LedgerModel | undefined): CalldataDescriptorSource | null {
  const structures = certifiedFrom(carried, chainId, to, selector);
  const certificate = carried.certificates[model ?? DEFAULT_MODEL];
  if (!structures || !certificate) return null;
  const certified = { descriptor: carried.descriptor, ...structures, certificate: hexToBytes(certificate as Hex) };
  return { find: (c, t, s) => (c === chainId && t.toLowerCase() === to.toLowerCase() && s.toLowerCase() === selector.toLowerCase() ? certified : null) };
}

/**
 * The device side: the carried call as a descriptor source for this transaction, with the
 * certificate for the device's model; none when nothing is carried or the service gave no
 * certificate for that model (then the call is signed blind).
 */
export function carriedDescriptors(request: DeviceTransactionRequest, tx: TransactionSerializable, model: LedgerModel | undefined): { calldataDescriptors?: CalldataDescriptorSource } {
  if (request.certified === undefined) return {};
  const parsed = CarriedCallSchema.safeParse(request.certified);
  if (!parsed.success) throw refused('is malformed');
  const carried = parsed.data;
  const chainId = tx.chainId ?? 1;
  const selector = (tx.data ?? '0x').slice(0, 10).toLowerCase();
  const call = describedCalls(carried.descriptor).find((c) => c.selector === selector);
  if (!tx.to || !call || !deploysTo(carried.descriptor, chainId, tx.to)) throw refused('is for another call');
  if (!certifiedFrom(carried, chainId, tx.to, selector)) throw refused('does not match the descriptor it carries');
  const source = carriedSource(carried, chainId, tx.to, selector, model);
  return source ? { calldataDescriptors: source } : {};
}
