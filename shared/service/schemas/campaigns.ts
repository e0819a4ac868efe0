import { z } from 'zod';
import { AddressSchema, auditShape, DateTimeSchema, ObjectIdSchema, TextSchema } from '../primitives';

/** Points campaigns: their rules and dates, and the points a wallet holds in one. */

export const CampaignPointsSchema = z.looseObject({
  campaignId: ObjectIdSchema.optional(),
  walletAddress: AddressSchema.optional(),
  points: z.number(),
  perDay: z.number().optional(),
  multiplier: z.number().optional(),
});

export const CampaignSchema = z.looseObject({
  _id: ObjectIdSchema,
  code: z.string().optional(),
  name: TextSchema.optional(),
  description: TextSchema.optional(),
  rules: z.array(z.unknown()).optional(),
  vaultIds: z.array(ObjectIdSchema).optional(),
  startDate: DateTimeSchema.optional(),
  endDate: DateTimeSchema.optional(),
  ...auditShape,
});

export type Campaign = z.infer<typeof CampaignSchema>;
export type CampaignPoints = z.infer<typeof CampaignPointsSchema>;
