import { z } from 'zod';
import { AppErrorDataSchema } from '../errors';

/**
 * Settings → Chains across the bridge: the operator's own RPC addresses per chain, in the order
 * they are tried, the ones the service suggests, and the test of an address before it is used.
 */

const ChainIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ChainRpcInput = z.object({ chainId: ChainIdSchema, url: z.string().max(2048) });
export const MoveRpcInput = ChainRpcInput.extend({ direction: z.enum(['up', 'down']) });

/** What an address answered when tested: the chain it serves and how old its latest block is. */
export const RpcTestSchema = z.object({
  ok: z.boolean(),
  chainId: ChainIdSchema,
  url: z.string(),
  /** The chain id the address says it serves (null: no answer). */
  answeredChainId: z.number().nullable(),
  /** The latest block, as a decimal string. */
  blockNumber: z.string().nullable(),
  /** Seconds since the latest block's timestamp, by this machine's clock. */
  blockAgeSeconds: z.number().nullable(),
  latencyMs: z.number(),
  /** RPC_WRONG_CHAIN, RPC_UNREACHABLE, RPC_NOT_HTTPS, RPC_BAD_URL, RPC_DUPLICATE; null when ok. */
  code: z.string().nullable(),
  message: z.string(),
  action: z.string().nullable(),
});
export type RpcTest = z.infer<typeof RpcTestSchema>;

export const ChainRpcsEntrySchema = z.object({
  chainId: ChainIdSchema,
  name: z.string(),
  /** The addresses used for this chain, in order: the first that answers serves each read. */
  rpcs: z.array(z.string()),
  /** Who set them: the operator (saved in the settings), or the demo for its own local chains. */
  setBy: z.enum(['operator', 'demo']),
  /** Addresses the service lists for this chain and the operator has not taken: never used unless confirmed. */
  suggestions: z.array(z.string()),
});
export type ChainRpcsEntry = z.infer<typeof ChainRpcsEntrySchema>;

export const ChainRpcsSchema = z.object({
  chains: z.array(ChainRpcsEntrySchema),
  /** Why the service's chain list (names and suggestions) could not be read, if it could not. */
  serviceError: AppErrorDataSchema.nullable(),
});
export type ChainRpcs = z.infer<typeof ChainRpcsSchema>;

export const RpcAddedSchema = z.object({ test: RpcTestSchema, chains: ChainRpcsSchema });
export type RpcAdded = z.infer<typeof RpcAddedSchema>;

/** Where every message that sends the operator to set an RPC points. */
export const CHAINS_SETTING = 'Settings → Chains';
