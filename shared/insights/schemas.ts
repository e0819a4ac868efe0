import { z } from 'zod';

/**
 * View models of the campaigns, operators and performance screens and of the vault page's profile.
 * Amounts are decimal strings of base units, USD amounts integer strings with 6 decimals (the
 * service's unit), dates unix seconds. Multilingual texts cross as maps of language code to text
 * and are picked in the reader's language by the window.
 */

export const LocalizedTextSchema = z.record(z.string(), z.string());
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

export const FlatEntrySchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.string(),
  kind: z.enum(['text', 'number', 'boolean', 'empty', 'link']),
  url: z.string().nullable(),
  texts: LocalizedTextSchema.nullable(),
  /** For links: whether the console's external opener accepts it (allowlisted https host). */
  openable: z.boolean(),
});
export type FlatEntryView = z.infer<typeof FlatEntrySchema>;

export const TokenRefSchema = z.object({ id: z.string(), symbol: z.string(), decimals: z.number() });
export type TokenRef = z.infer<typeof TokenRefSchema>;

export const NamedRefSchema = z.object({ id: z.string(), code: z.string().nullable(), name: LocalizedTextSchema });
export type NamedRef = z.infer<typeof NamedRefSchema>;

/** A vault as the insight screens name it. */
export const VaultRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string().nullable(),
  contractType: z.string().nullable(),
  chain: z.string().nullable(),
  token: TokenRefSchema.nullable(),
  category: NamedRefSchema.nullable(),
  type: NamedRefSchema.nullable(),
});
export type VaultRef = z.infer<typeof VaultRefSchema>;

export const ForceInput = z.object({ force: z.boolean().optional() }).strict();

// ---- Campaigns ------------------------------------------------------------------------------

const CampaignStateSchema = z.enum(['upcoming', 'running', 'finished', 'undated']);

export const CampaignSummarySchema = z.object({
  id: z.string(),
  code: z.string().nullable(),
  name: LocalizedTextSchema,
  description: LocalizedTextSchema.nullable(),
  startDate: z.number().nullable(),
  endDate: z.number().nullable(),
  state: CampaignStateSchema,
  /** Public vaults the campaign concerns. */
  vaultCount: z.number(),
});
export type CampaignSummary = z.infer<typeof CampaignSummarySchema>;

export const CampaignListSchema = z.object({ campaigns: z.array(CampaignSummarySchema), fetchedAtMs: z.number() });
export type CampaignList = z.infer<typeof CampaignListSchema>;

export const CampaignRuleSchema = z.object({
  title: z.string(),
  /** The vault the rule is about, when it names one the console knows. */
  vaultId: z.string().nullable(),
  entries: z.array(FlatEntrySchema),
});
export type CampaignRule = z.infer<typeof CampaignRuleSchema>;

/** The public vaults a campaign or an operator concerns; the others are not shown, only counted. */
const publicVaultsShape = {
  vaults: z.array(VaultRefSchema),
  hiddenVaultCount: z.number(),
  fetchedAtMs: z.number(),
};

export const CampaignDetailSchema = CampaignSummarySchema.extend({
  rules: z.array(CampaignRuleSchema),
  ...publicVaultsShape,
});
export type CampaignDetail = z.infer<typeof CampaignDetailSchema>;

const CampaignId = z.string().min(1).max(40);
const GroupId = z.string().max(40).nullable();

export const CampaignIdInput = z.object({ campaignId: CampaignId, force: z.boolean().optional() }).strict();
export const CampaignPointsInput = z.object({ campaignId: CampaignId, groupId: GroupId, force: z.boolean().optional() }).strict();
export const ExportPointsInput = z.object({ campaignId: CampaignId, groupId: GroupId }).strict();

const WalletPointsSchema = z.object({
  wallet: z.string(),
  label: z.string(),
  points: z.number().nullable(),
  perDay: z.number().nullable(),
  multiplier: z.number().nullable(),
  error: z.string().nullable(),
});

const PointsTotalsSchema = z.object({
  wallets: z.number(),
  earning: z.number(),
  failed: z.number(),
  points: z.number(),
  perDay: z.number(),
  multiplier: z.number().nullable(),
});

export const CampaignPointsViewSchema = z.object({
  campaignId: z.string(),
  groupId: z.string().nullable(),
  rows: z.array(WalletPointsSchema),
  totals: PointsTotalsSchema,
  /** When the oldest figure shown was read from the service (figures are cached a few minutes). */
  oldestMs: z.number().nullable(),
  fetchedAtMs: z.number(),
});
export type CampaignPointsView = z.infer<typeof CampaignPointsViewSchema>;

// ---- Operators ------------------------------------------------------------------------------

export const OperatorSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  /** PROTOCOL, BORROWER, CURATOR (kept open). */
  type: z.string().nullable(),
  description: LocalizedTextSchema.nullable(),
  /** Public vaults it manages, borrows from or curates. */
  vaultCount: z.number(),
});
export type OperatorSummary = z.infer<typeof OperatorSummarySchema>;

export const OperatorListSchema = z.object({ operators: z.array(OperatorSummarySchema), fetchedAtMs: z.number() });
export type OperatorList = z.infer<typeof OperatorListSchema>;

export const OperatorDetailSchema = OperatorSummarySchema.extend({
  links: z.array(FlatEntrySchema),
  ...publicVaultsShape,
});
export type OperatorDetail = z.infer<typeof OperatorDetailSchema>;

export const OperatorIdInput = z.object({ operatorId: z.string().min(1).max(40), force: z.boolean().optional() }).strict();

// ---- Vault profile (vault page) -------------------------------------------------------------

export const VaultProfileSchema = z.object({
  vault: VaultRefSchema,
  visibility: z.string(),
  description: LocalizedTextSchema.nullable(),
  operators: z.array(z.object({ id: z.string(), name: z.string(), type: z.string().nullable() })),
  /** Null when the service had nothing, or could not be read (then `integrationsError` says why). */
  integrations: z.array(FlatEntrySchema).nullable(),
  integrationsError: z.string().nullable(),
  /** Running campaigns that concern this vault. */
  campaigns: z.array(z.object({ id: z.string(), name: LocalizedTextSchema, state: CampaignStateSchema })),
  fetchedAtMs: z.number(),
});
export type VaultProfile = z.infer<typeof VaultProfileSchema>;

export const VaultProfileInput = z.object({ vaultId: z.string().min(1).max(40), force: z.boolean().optional() }).strict();

// ---- Performance ----------------------------------------------------------------------------

/** A USD figure (6 decimals), and whether the console priced it itself from token blocks. */
export const UsdFigureSchema = z.object({ usd: z.string(), priced: z.boolean() });
export type UsdFigure = z.infer<typeof UsdFigureSchema>;

export const PerformanceRowSchema = z.object({
  vault: VaultRefSchema,
  /** Percent (9.8 means 9.8 %). */
  realizedAPY: z.number().nullable(),
  holders: z.number().nullable(),
  ageDays: z.number().nullable(),
  tvl: z.object({ token: z.string().nullable(), usd: UsdFigureSchema.nullable() }).nullable(),
  earnings: z.object({ token: z.string().nullable(), usd: UsdFigureSchema.nullable(), percentage: z.number().nullable() }).nullable(),
  /** Unix seconds of the block the figures are from. */
  asOf: z.number().nullable(),
});
export type PerformanceRow = z.infer<typeof PerformanceRowSchema>;

export const PerformanceOverviewSchema = z.object({
  rows: z.array(PerformanceRowSchema),
  /** Public vaults without any performance record yet. */
  withoutRecord: z.number(),
  fetchedAtMs: z.number(),
});
export type PerformanceOverview = z.infer<typeof PerformanceOverviewSchema>;

export const PricePointSchema = z.object({ at: z.number(), usd: z.string() });
export type PricePoint = z.infer<typeof PricePointSchema>;

const AccruedRewardViewSchema = z.object({
  token: TokenRefSchema.nullable(),
  amount: z.string().nullable(),
  usd: UsdFigureSchema.nullable(),
  apr: z.number().nullable(),
  percentage: z.number().nullable(),
});

export const VaultPerformanceViewSchema = z.object({
  vaultId: z.string(),
  token: TokenRefSchema.nullable(),
  latest: z
    .object({
      realizedAPY: z.number(),
      holders: z.number(),
      ageDays: z.number(),
      asOf: z.number().nullable(),
      earnings: z.object({ token: z.string().nullable(), usd: UsdFigureSchema.nullable(), percentage: z.number().nullable() }).nullable(),
      accruedRewards: z.array(AccruedRewardViewSchema),
    })
    .nullable(),
  /** Oldest first. */
  history: z.array(z.object({ at: z.number(), realizedAPY: z.number(), holders: z.number() })),
  /** USD per whole underlying token, oldest first, from the token blocks. */
  prices: z.array(PricePointSchema),
  fetchedAtMs: z.number(),
});
export type VaultPerformanceView = z.infer<typeof VaultPerformanceViewSchema>;
