import { z } from 'zod';
import { AddressSchema, auditShape, DateTimeSchema, NumberSchema, ObjectIdSchema, TextSchema } from '../primitives';

/** Points campaigns: their rules and dates, and the points a wallet holds in one. */

/**
 * The protocol's points answer writes `points`, `perDay` and `multiplier` as decimal strings; the
 * seed as numbers. Both are read as numbers: points are shown, never moved on chain.
 */
export const CampaignPointsSchema = z.looseObject({
  campaignId: ObjectIdSchema.optional(),
  walletAddress: AddressSchema.optional(),
  points: NumberSchema,
  perDay: NumberSchema.optional(),
  multiplier: NumberSchema.optional(),
});

export const CampaignSchema = z.looseObject({
  _id: ObjectIdSchema,
  code: z.string().optional(),
  name: TextSchema.optional(),
  description: TextSchema.optional(),
  /**
   * The protocol's `CampaignRule`s (`{code, name, trigger, deposit, reward, frequency, vaultIds?}`);
   * read one by one where used (`campaignVaultIds`), so an odd rule costs only itself.
   */
  rules: z.array(z.unknown()).optional(),
  /** Not in the protocol's model (its vaults are the rules'); tolerated from older records, never required. */
  vaultIds: z.unknown().optional(),
  startDate: DateTimeSchema.optional(),
  endDate: DateTimeSchema.optional(),
  ...auditShape,
});

export type Campaign = z.infer<typeof CampaignSchema>;
export type CampaignPoints = z.infer<typeof CampaignPointsSchema>;
