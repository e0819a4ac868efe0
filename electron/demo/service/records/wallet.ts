import { z } from 'zod';
import { address, blockRef, earnings, id, isoDate, optional, SPEC_VALUES, stamps, units, usdAndToken } from './primitives';

/** What a wallet has with the protocol: requests, positions, transactions, campaign points, signatures. */

/** Spec 2.7. The status list is open (the spec names PENDING, CLAIMABLE, CLAIMED and says there are more). */
export const requestRecord = z.looseObject({
  vaultId: id,
  walletAddress: address,
  type: z.enum(SPEC_VALUES.requestType),
  status: z.string(),
  amount: units,
  epochNumber: z.number().int().optional(),
  block: z.union([blockRef, id]).optional(),
  ...optional({ _id: id, vaultAddress: address, lpAmount: units, isInstant: z.boolean(), requestedOn: isoDate, completedOn: isoDate }),
  ...stamps,
});

export const positionAnswer = z.looseObject({
  ...optional({ vaultId: id, walletAddress: address, realizedAPY: z.number(), poolSharePercentage: z.number(), balance: units, vaultPrice: units }),
  ...optional({ deposits: usdAndToken, redeemable: usdAndToken, pendingDeposits: usdAndToken, pendingWithdraws: usdAndToken, earnings }),
});

/** Spec 2.6: `type` and `status` are open lists. */
export const transactionRecord = z.looseObject({
  _id: id,
  type: z.string(),
  status: z.string(),
  ...optional({ hash: z.string(), chainId: id, walletAddress: address, vaultId: id, epochId: id, tokenId: id }),
  ...optional({ amount: units, amountUSD: units, gasFeeUSD: units, block: blockRef }),
  ...stamps,
});

export const pointsAnswer = z.looseObject({ points: z.number(), ...optional({ campaignId: id, walletAddress: address, perDay: z.number(), multiplier: z.number() }) });

export const signatureCheckAnswer = z.looseObject({ _id: id, hash: z.string(), signedOn: isoDate });
export const signRequestBody = z.object({ walletAddress: address, hash: z.string().regex(/^0x[0-9a-fA-F]+$/, 'not a hex signature') });
export const errorBody = z.looseObject({ code: z.string(), message: z.string(), statusCode: z.number().int(), details: z.unknown().optional() });
