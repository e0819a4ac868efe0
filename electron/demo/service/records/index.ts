import type { z } from 'zod';
import type { SimResourceName } from '../resources';
import { campaignRecord, categoryRecord, chainRecord, operatorRecord, signatureRecord, tokenRecord, typeRecord, vaultRecord } from './catalog-records';
import { type aprs, type cycleState, epochRecord, performanceOverviewRow, performanceRecord, tokenBlockRecord, vaultBlockRecord } from './history';
import { type errorBody, type positionAnswer, requestRecord, transactionRecord } from './wallet';

/**
 * The service's own description of what it stores and serves, written from the spec (section 2)
 * and the shapes the real service sends; the console's client is not consulted. The checks are
 * small zod schemas; the types the dataset and the indexer write are inferred from them.
 */

export * from './catalog-records';
export * from './history';
export * from './wallet';
export { address } from './primitives';

/** The record each list resource serves, and its name in the OpenAPI document. */
export const LIST_ITEMS: Record<SimResourceName, { name: string; check: z.ZodType }> = {
  campaigns: { name: 'Campaign', check: campaignRecord },
  chains: { name: 'Chain', check: chainRecord },
  operators: { name: 'Operator', check: operatorRecord },
  tokenBlocks: { name: 'TokenBlock', check: tokenBlockRecord },
  tokens: { name: 'Token', check: tokenRecord },
  transactions: { name: 'Transaction', check: transactionRecord },
  vaults: { name: 'Vault', check: vaultRecord },
  vaultBlocks: { name: 'VaultBlock', check: vaultBlockRecord },
  vaultLatestBlocks: { name: 'VaultBlock', check: vaultBlockRecord },
  vaultCategories: { name: 'VaultCategory', check: categoryRecord },
  vaultEpochs: { name: 'VaultEpoch', check: epochRecord },
  vaultPerformances: { name: 'VaultPerformance', check: performanceRecord },
  vaultsPerformanceOverview: { name: 'VaultPerformanceOverview', check: performanceOverviewRow },
  vaultTypes: { name: 'VaultType', check: typeRecord },
  signatures: { name: 'SignatureDefinition', check: signatureRecord },
  vaultRequests: { name: 'VaultRequest', check: requestRecord },
};

/** The record types the dataset, the indexer and the routes write and read, inferred from the checks. */
export type Chain = z.infer<typeof chainRecord>;
export type Token = z.infer<typeof tokenRecord>;
export type Operator = z.infer<typeof operatorRecord>;
export type VaultCategory = z.infer<typeof categoryRecord>;
export type VaultType = z.infer<typeof typeRecord>;
export type Campaign = z.infer<typeof campaignRecord>;
export type SignatureDefinition = z.infer<typeof signatureRecord>;
export type Vault = z.infer<typeof vaultRecord>;
export type AprBreakdown = z.infer<typeof aprs>;
export type EpochState = z.infer<typeof cycleState>;
export type VaultBlock = z.infer<typeof vaultBlockRecord>;
export type VaultEpoch = z.infer<typeof epochRecord>;
export type VaultPerformance = z.infer<typeof performanceRecord>;
export type TokenBlock = z.infer<typeof tokenBlockRecord>;
export type VaultRequest = z.infer<typeof requestRecord>;
export type Position = z.infer<typeof positionAnswer>;
export type Transaction = z.infer<typeof transactionRecord>;
export type ErrorBody = z.infer<typeof errorBody>;
