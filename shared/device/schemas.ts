import { z } from 'zod';
import { AppErrorDataSchema } from '../errors';
import { LEDGER_MODELS, type LedgerModel } from './models';
import { DERIVATION_SCHEMES, type DerivationScheme } from './paths';
import type { DeviceAccount, DeviceScreen, DeviceState, DeviceTransactionRequest, SignedMessage, SignedTransaction } from './state';
import { AddressSchema as Address, HexSchema as Hex } from '../domain/hex';

/**
 * Schemas of the device shapes that cross the bridge, for the IPC contract. They mirror the types
 * of `state.ts` (the `satisfies` clauses keep the two in step).
 */

const Decimal = z.string().regex(/^\d+$/, 'a whole number as a decimal string');

export const DerivationSchemeSchema = z.enum(DERIVATION_SCHEMES as [DerivationScheme, ...DerivationScheme[]]);

export const DeviceScreenSchema = z.object({ title: z.string(), value: z.string().optional() }) satisfies z.ZodType<DeviceScreen>;

export const LedgerModelSchema = z.enum(Object.keys(LEDGER_MODELS) as [LedgerModel, ...LedgerModel[]]);

export const ConfirmationKindSchema = z.enum(['sign-transaction', 'sign-message', 'sign-typed-data', 'verify-address', 'open-app']);

export const DeviceStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('disconnected') }),
  z.object({ status: z.literal('in-use'), error: AppErrorDataSchema }),
  z.object({ status: z.literal('locked') }),
  z.object({ status: z.literal('dashboard'), osVersion: z.string().optional(), model: LedgerModelSchema.optional() }),
  z.object({ status: z.literal('wrong-app'), appName: z.string() }),
  z.object({
    status: z.literal('ready'),
    appVersion: z.string(),
    blindSigning: z.boolean(),
    address: Address.optional(),
    model: LedgerModelSchema.optional(),
    osVersion: z.string().optional(),
  }),
  z.object({ status: z.literal('awaiting-confirmation'), kind: ConfirmationKindSchema, screens: z.array(DeviceScreenSchema) }),
  z.object({ status: z.literal('rejected'), message: z.string() }),
  z.object({ status: z.literal('error'), error: AppErrorDataSchema }),
]) satisfies z.ZodType<DeviceState>;

export const DeviceAccountSchema = z.object({
  index: z.number().int().nonnegative(),
  path: z.string(),
  address: Address,
}) satisfies z.ZodType<DeviceAccount>;

export const DeviceTransactionRequestSchema = z
  .object({
    type: z.enum(['legacy', 'eip2930', 'eip1559']),
    chainId: z.number().int().positive(),
    nonce: z.number().int().nonnegative(),
    to: Address.optional(),
    value: Decimal.optional(),
    data: Hex.optional(),
    gas: Decimal,
    gasPrice: Decimal.optional(),
    maxFeePerGas: Decimal.optional(),
    maxPriorityFeePerGas: Decimal.optional(),
    accessList: z.array(z.object({ address: Address, storageKeys: z.array(Hex) })).optional(),
  })
  .strict() satisfies z.ZodType<DeviceTransactionRequest>;

export const SignedTransactionSchema = z.object({
  serialized: Hex,
  hash: Hex,
  signingHash: Hex,
  from: Address,
  r: Hex,
  s: Hex,
  yParity: z.number().int().min(0).max(1),
  v: Decimal,
}) satisfies z.ZodType<SignedTransaction>;

export const SignedMessageSchema = z.object({ signature: Hex, address: Address }) satisfies z.ZodType<SignedMessage>;

