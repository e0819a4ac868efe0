import { z } from 'zod';
import { address, blockRef, earnings, id, isoDate, optional, stamps, units } from './primitives';
import { requestRecord } from './wallet';

/** What the service records over time: vault blocks and their cycle state, epochs, performance, token blocks. */

export const aprs = z.looseObject(optional({ BASE: z.number(), HARVEST: z.number(), REWARDS: z.number(), GROSS: z.number(), NET: z.number(), FEE: z.number() }));
const tvl = z.looseObject(optional({ token: units, USD: units, withRequestsToken: units, withRequestsUSD: units }));

const queueState = z.looseObject(optional({ amount: units, lastAmount: units, isInstant: z.boolean() }));
const instantWithdraws = z.looseObject(
  optional({ allowed: z.boolean(), delay: z.number(), amount: units, aprDelta: z.number(), deadline: isoDate, disabled: z.boolean() }),
);

/** The cycle of an epoch vault, as a block sees it and as an epoch record keeps it. */
export const cycleState = z.looseObject({
  ...optional({ apr: z.number(), lastApr: z.number(), epochNumber: z.number().int(), status: z.string(), withdrawType: z.string() }),
  ...optional({ startDate: isoDate, endDate: isoDate, duration: z.number(), bufferDuration: z.number() }),
  ...optional({ depositQueue: queueState, withdrawQueue: queueState, instantWithdraws }),
  withdraws: z.looseObject(optional({ amount: units, fees: units })).optional(),
});

export const vaultBlockRecord = z.looseObject({
  _id: id,
  vaultId: id,
  block: blockRef,
  ...optional({ vaultAddress: address, chainId: id, APRs: aprs, APYs: aprs, price: units, totalSupply: units, TVL: tvl }),
  /** Open requests counted per type, then per status. */
  totalRequests: z.record(z.string(), z.record(z.string(), z.number())).optional(),
  requests: z.array(requestRecord).optional(),
  cdoEpoch: cycleState.optional(),
  ...stamps,
});

export const epochRecord = cycleState.extend({ _id: id, vaultId: id, count: z.number().int(), status: z.string(), ...stamps });

const reward = z.looseObject(optional({ tokenId: id, amount: units, amountUSD: units, APR: z.number(), percentage: z.number() }));

/** Spec 2.5: everything but `block`, `accruedRewards` and `earnings` is required. */
export const performanceRecord = z.looseObject({
  _id: id,
  vaultId: id,
  vaultBlockId: id,
  age: z.number(),
  holders: z.number(),
  realizedAPY: z.number(),
  ...optional({ block: blockRef, accruedRewards: z.array(reward), earnings }),
  ...{ createdAt: isoDate, updatedAt: isoDate, createdBy: z.string(), updatedBy: z.string() },
});

export const performanceOverviewRow = z.looseObject({
  vaultId: id,
  ...optional({ age: z.number(), holders: z.number(), realizedAPY: z.number(), earnings, TVL: tvl, block: blockRef }),
});

export const tokenBlockRecord = z.looseObject({ _id: id, tokenId: id, block: blockRef, ...optional({ chainId: id, price: units, totalSupply: units }), ...stamps });
