import { formatEther, formatUnits, parseEther, parseUnits } from 'viem';
import { z } from 'zod';
import { MAX_UINT256 } from '../signing/rules';
import { bundleError, itemName } from './errors';
import type { UnsignedBundle } from './schemas';
import { AddressSchema as Address } from '../domain/hex';
import { bundleVaults, itemVault } from './vaults';

/**
 * The offline install's policy: limits its operator set once, that no bundle can lift. Kept in the
 * offline install's data folder (`offline-policy.json`), edited in its Settings, shown beside every
 * review. A bundle outside it is refused naming the rule, the limit and the value.
 */

/** The default oldest age of a bundle reviewed offline. */
const MAX_BUNDLE_AGE_DAYS = 7;
/**
 * How far ahead of this install's clock a bundle's creation time may be (two machines' clocks
 * differ a little); a bundle further ahead says one of the clocks is wrong, and its age cannot be told.
 */
const CLOCK_TOLERANCE_MS = 24 * 3_600_000;

const Decimal = z.string().max(49).regex(/^\d{1,30}(\.\d{1,18})?$/, 'a decimal number');

const TokenLimitSchema = z
  .object({
    chainId: z.number().int().positive(),
    token: Address,
    /** As the registry names it, for the screens. */
    symbol: z.string().max(32),
    decimals: z.number().int().min(0).max(36),
    /** The most one transaction may move or approve, in token units. */
    maxUnits: Decimal,
  })
  .strict();

export const OfflinePolicySchema = z
  .object({
    /** Chains a bundle may act on. */
    chainIds: z.array(z.number().int().positive()).max(64),
    /** The highest max fee per gas a transaction may offer, in gwei. */
    maxFeePerGasGwei: Decimal,
    /** The most one transaction may cost in fees at worst (gas limit × max fee per gas), in ETH. */
    maxFeePerTransactionEth: Decimal,
    /** The most a whole bundle may cost in fees at worst, in ETH. */
    maxFeePerBundleEth: Decimal,
    /** Approvals are of the exact amount unless this allows unlimited ones. */
    allowUnlimitedApprovals: z.boolean(),
    /** The most one transaction may move or approve of a token; tokens not listed have no limit. */
    tokenLimits: z.array(TokenLimitSchema).max(256),
    /**
     * The oldest a bundle may be when it is reviewed, in days since its `createdAt` (which its planner
     * signed): its nonces, fees and the state it was planned on age with it. A policy saved before
     * this rule existed reads as the default.
     */
    maxBundleAgeDays: z.number().int().min(1).max(365).default(MAX_BUNDLE_AGE_DAYS),
  })
  .strict();
export type OfflinePolicy = z.infer<typeof OfflinePolicySchema>;

export const OFFLINE_POLICY_SCHEMA_VERSION = 1;
export const OfflinePolicyFileSchema = z.object({ schemaVersion: z.literal(OFFLINE_POLICY_SCHEMA_VERSION), policy: OfflinePolicySchema });
export type OfflinePolicyFile = z.infer<typeof OfflinePolicyFileSchema>;

/** Until the operator edits it: the public chains and the local ones, fees a busy day stays under, exact approvals. */
export const DEFAULT_OFFLINE_POLICY: OfflinePolicy = {
  chainIds: [1, 10, 137, 8453, 42161, 31337, 31338],
  maxFeePerGasGwei: '300',
  maxFeePerTransactionEth: '0.2',
  maxFeePerBundleEth: '2',
  allowUnlimitedApprovals: false,
  tokenLimits: [],
  maxBundleAgeDays: MAX_BUNDLE_AGE_DAYS,
};

export const SetOfflinePolicyInput = z.object({ policy: OfflinePolicySchema }).strict();

/** The policy in a few lines, as every review shows it. */
export function policyLines(policy: OfflinePolicy): string[] {
  return [
    `chains allowed: ${policy.chainIds.length > 0 ? policy.chainIds.join(', ') : 'none'}`,
    `max fee per gas: ${policy.maxFeePerGasGwei} gwei`,
    `max fee per transaction: ${policy.maxFeePerTransactionEth} ETH; per bundle: ${policy.maxFeePerBundleEth} ETH`,
    `approvals: ${policy.allowUnlimitedApprovals ? 'unlimited allowed' : 'exact amounts only'}`,
    `bundles at most ${days(policy.maxBundleAgeDays)} old`,
    ...(policy.tokenLimits.length > 0
      ? policy.tokenLimits.map((t) => `at most ${t.maxUnits} ${t.symbol} per transaction (chain ${t.chainId}, ${t.token})`)
      : ['no per-token amount limit']),
  ];
}

const POLICY_ACTION =
  "Nothing was signed. If the plan is right, plan it again on the online install within this install's policy; change the policy in Settings only if the limit itself is wrong.";

function outside(rule: string, limit: string, value: string, where: string, details: Record<string, unknown>): Error {
  return bundleError(
    'BUNDLE_POLICY',
    `Outside this install's policy — ${rule}: the limit is ${limit}; ${where} has ${value}.`,
    { rule, limit, value, ...details },
    POLICY_ACTION,
  );
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** "8 days 3 hours": an age as a review states it. */
function ageText(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  const d = Math.floor(hours / 24);
  const h = hours % 24;
  if (d === 0) return `${h} hour${h === 1 ? '' : 's'}`;
  return h === 0 ? days(d) : `${days(d)} ${h} hour${h === 1 ? '' : 's'}`;
}

/**
 * A bundle older than the policy allows, or made later than this install's clock says is now,
 * is refused with its creation time, its age and the limit.
 */
function checkAge(bundle: UnsignedBundle, policy: OfflinePolicy, now: Date): void {
  const created = Date.parse(bundle.createdAt);
  const where = `the bundle (${bundleVaults(bundle).map((v) => v.name).join(', ')}, created ${bundle.createdAt.slice(0, 16).replace('T', ' ')} UTC)`;
  if (!Number.isFinite(created)) {
    throw outside('max bundle age', days(policy.maxBundleAgeDays), `no creation time that can be read (${bundle.createdAt})`, where, {});
  }
  const age = now.getTime() - created;
  if (age < -CLOCK_TOLERANCE_MS) {
    throw bundleError(
      'BUNDLE_POLICY',
      `Outside this install's policy — max bundle age: ${where} was made ${ageText(-age)} after this install's clock (${now.toISOString().slice(0, 16).replace('T', ' ')} UTC), so its age cannot be told.`,
      { rule: 'max bundle age', limit: days(policy.maxBundleAgeDays), createdAt: bundle.createdAt, now: now.toISOString() },
      "Nothing was signed. Set the right date and time on this machine (or on the planner's), then open the bundle again.",
    );
  }
  if (age > policy.maxBundleAgeDays * 24 * 3_600_000) {
    throw outside('max bundle age', days(policy.maxBundleAgeDays), `an age of ${ageText(age)}`, where, { createdAt: bundle.createdAt, ageMs: age });
  }
}

/** Throws the first rule of the policy the bundle breaks (`now`: this install's clock). */
export function checkPolicy(bundle: UnsignedBundle, policy: OfflinePolicy, now: Date = new Date()): void {
  checkAge(bundle, policy, now);
  for (const vault of bundleVaults(bundle)) {
    if (!policy.chainIds.includes(vault.chainId)) {
      throw outside('chains allowed', policy.chainIds.join(', ') || 'none', `chain ${vault.chainId}`, `the bundle (${vault.name})`, {
        chainId: vault.chainId,
      });
    }
  }
  const maxPerGas = parseUnits(policy.maxFeePerGasGwei, 9);
  const maxPerTx = parseEther(policy.maxFeePerTransactionEth);
  const maxPerBundle = parseEther(policy.maxFeePerBundleEth);
  let total = 0n;
  for (const item of bundle.items) {
    if (item.kind !== 'transaction') continue;
    const tx = item.transaction;
    const name = itemName(item, tx.nonce);
    const perGas = BigInt(tx.maxFeePerGas);
    if (perGas > maxPerGas)
      throw outside('max fee per gas', `${policy.maxFeePerGasGwei} gwei`, `${formatUnits(perGas, 9)} gwei`, name, { index: item.index });
    const fee = BigInt(tx.gas) * perGas;
    if (fee > maxPerTx)
      throw outside('max fee per transaction', `${policy.maxFeePerTransactionEth} ETH`, `${formatEther(fee)} ETH`, name, {
        index: item.index,
      });
    total += fee;
    const amount = item.action.amount;
    const { vault } = itemVault(bundle, item);
    const chainId = vault.chainId;
    if (item.action.kind === 'approve' && amount && BigInt(amount.baseUnits) === MAX_UINT256 && !policy.allowUnlimitedApprovals) {
      throw outside('approvals', 'exact amounts only', `an unlimited approval of ${amount.symbol}`, name, { index: item.index });
    }
    if (amount) {
      const limit =
        policy.tokenLimits.find(
          (t) => t.chainId === chainId && t.token.toLowerCase() === tx.to.toLowerCase() && item.action.kind === 'approve',
        ) ??
        policy.tokenLimits.find(
          (t) =>
            t.chainId === chainId &&
            t.token.toLowerCase() ===
              (amount.token === 'underlying' ? vault.underlying.address : vault.tranche.address).toLowerCase(),
        );
      if (limit && BigInt(amount.baseUnits) > parseUnits(limit.maxUnits, limit.decimals)) {
        const value = BigInt(amount.baseUnits) === MAX_UINT256 ? 'unlimited' : formatUnits(BigInt(amount.baseUnits), limit.decimals);
        throw outside(
          `max amount per transaction of ${limit.symbol}`,
          `${limit.maxUnits} ${limit.symbol}`,
          `${value} ${limit.symbol}`,
          name,
          { index: item.index },
        );
      }
    }
  }
  if (total > maxPerBundle) {
    throw outside(
      'max fee per bundle',
      `${policy.maxFeePerBundleEth} ETH`,
      `${formatEther(total)} ETH in all`,
      `the bundle (${bundle.items.length} items)`,
      {},
    );
  }
}
