import { formatEther, formatUnits, parseEther, parseUnits } from 'viem';
import { z } from 'zod';
import { MAX_UINT256 } from '../signing/rules';
import { bundleError, itemName } from './errors';
import type { UnsignedBundle } from './schemas';

/**
 * The offline install's policy: limits its operator set once, that no bundle can lift. Kept in the
 * offline install's data folder (`offline-policy.json`), edited in its Settings, shown beside every
 * review. A bundle outside it is refused naming the rule, the limit and the value.
 */

const Decimal = z.string().max(49).regex(/^\d{1,30}(\.\d{1,18})?$/, 'a decimal number');
const Address = z.string().max(42).regex(/^0x[0-9a-fA-F]{40}$/, 'an address');

export const TokenLimitSchema = z
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
export type TokenLimit = z.infer<typeof TokenLimitSchema>;

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
};

export const SetOfflinePolicyInput = z.object({ policy: OfflinePolicySchema }).strict();

/** The policy in a few lines, as every review shows it. */
export function policyLines(policy: OfflinePolicy): string[] {
  return [
    `chains allowed: ${policy.chainIds.length > 0 ? policy.chainIds.join(', ') : 'none'}`,
    `max fee per gas: ${policy.maxFeePerGasGwei} gwei`,
    `max fee per transaction: ${policy.maxFeePerTransactionEth} ETH; per bundle: ${policy.maxFeePerBundleEth} ETH`,
    `approvals: ${policy.allowUnlimitedApprovals ? 'unlimited allowed' : 'exact amounts only'}`,
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

/** Throws the first rule of the policy the bundle breaks. */
export function checkPolicy(bundle: UnsignedBundle, policy: OfflinePolicy): void {
  const chainId = bundle.vault.chainId;
  if (!policy.chainIds.includes(chainId)) {
    throw outside('chains allowed', policy.chainIds.join(', ') || 'none', `chain ${chainId}`, `the bundle (${bundle.vault.name})`, {
      chainId,
    });
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
              (amount.token === 'underlying' ? bundle.vault.underlying.address : bundle.vault.tranche.address).toLowerCase(),
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
