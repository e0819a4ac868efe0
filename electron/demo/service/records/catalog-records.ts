import { z } from 'zod';
import { address, contract, id, isoDate, languages, nameOrLanguages, optional, SPEC_VALUES, stamps, units } from './primitives';

/** Chains, tokens, operators, categories, types, campaigns, signature definitions and vaults. */

const rpc = z.looseObject(optional({ provider: z.string(), https: z.string(), wss: z.string(), name: z.string(), isPublic: z.boolean() }));

export const chainRecord = z.looseObject({
  _id: id,
  ...optional({ name: z.string(), hex: z.string(), tokenSymbol: z.string(), color: z.string(), nativeToken: z.string() }),
  ...optional({ explorerUrl: z.string(), icon: z.string(), blocksPerYear: z.number(), chainID: z.number(), isDisabled: z.boolean() }),
  RPCs: z.array(rpc).optional(),
  ...stamps,
});

export const tokenRecord = z.looseObject({
  _id: id,
  name: z.string().optional(),
  symbol: z.string().optional(),
  decimals: z.number().int().min(0).max(36).optional(),
  address: address.optional(),
  chainId: id.optional(),
  logoURI: z.string().optional(),
  underlying: z.boolean().optional(),
  ...stamps,
});

/** Operators, vault categories and vault types share one shape: a code, a name, a description. */
const coded = z.looseObject({ _id: id, code: z.string().optional(), name: nameOrLanguages.optional(), description: nameOrLanguages.optional(), ...stamps });
export const operatorRecord = coded.extend({ name: z.string().optional(), type: z.string().optional(), description: languages.optional(), links: z.unknown().optional() });
export const categoryRecord = coded;
export const typeRecord = coded;

export const campaignRecord = coded.extend({
  rules: z.array(z.unknown()).optional(),
  vaultIds: z.array(id).optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});

export const signatureRecord = z.looseObject({
  _id: id,
  code: z.string().optional(),
  entity: z.enum(SPEC_VALUES.signatureEntity).optional(),
  title: languages.optional(),
  description: languages.optional(),
  /** The text the wallet signs, base64. */
  walletMessage: z.string(),
  checks: z.array(z.unknown()).optional(),
  ...stamps,
});

const epochContracts = contract.extend({
  depositQueue: contract.optional(),
  withdrawQueue: contract.optional(),
  manager: z.looseObject({ address }).optional(),
  borrower: z.looseObject({ address }).optional(),
});

export const vaultRecord = z.looseObject({
  _id: id,
  name: z.string(),
  address,
  tokenId: id,
  chainId: id,
  contractType: z.string(),
  visibility: z.enum(SPEC_VALUES.visibility),
  status: z.string(),
  ...optional({ typeId: id, categoryId: id, operatorIds: z.array(id), symbol: z.string(), protocol: z.string() }),
  ...optional({ abi: z.array(z.looseObject({})), abiCode: z.string(), description: languages, shortDescription: languages, caption: languages }),
  ...optional({ keyInfo: z.array(z.looseObject({ label: languages, value: languages })), feePercentage: z.number() }),
  ...optional({ minDeposit: units, maxCap: units, cdoEpoch: epochContracts, depositQueue: contract, withdrawQueue: contract, strategy: contract }),
  signatures: z.array(z.looseObject({ _id: id, entity: z.enum(SPEC_VALUES.signatureEntity) })).optional(),
  kyc: z.looseObject(optional({ policyId: z.number(), isActive: z.boolean(), isRequired: z.boolean(), link: z.string() })).optional(),
  ...stamps,
});
