import { randomBytes } from 'node:crypto';
import { formatGwei } from 'viem';
import type { PortfolioVault, RequestRow } from '../../../shared/portfolio/schemas';
import { isPlannerPath, PLANNER_PATH_REFUSAL } from '../../../shared/device/paths';
import { AppError } from '../../../shared/errors';
import { SelectionSchema, type Plan, type Selection } from '../../../shared/signing/schemas';
import { chainFees } from './drafts';
import type { ChainFacts } from '../chain-facts/vault-facts';
import type { ChainFactsReader } from '../chain-facts/moment';
import { draftWallets, needsFees } from './planning/wallet-drafts';
import { eligibility, eligibilityAfter } from './planning/eligibility';
import { readPlanFacts, type PlanFacts, type PlannerDeps } from './planning/facts';
import { reviewItems } from './planning/review';
import { needsBlindSigningAck } from '../../../shared/signing/blind-signing';

/**
 * From a selection to a plan, in four steps: the facts (the portfolio view of the selected wallets,
 * the chain read at one block and the service's agreement checks), the eligibility of each wallet (the pure
 * rules), the drafts (nonces, fees, gas), and the review of every item. Nothing is journaled or
 * signed here.
 */

;

const newId = (prefix: string) =>
  `${prefix}${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}-${randomBytes(4).toString('hex')}`;

/**
 * What a plan was made from: the catalog's vault and requests, the chain's figures, the
 * agreements still to sign and each wallet's first nonce. An exported bundle carries it as its
 * snapshot.
 */
export interface PlanBasis {
  takenAt: string;
  vault: PortfolioVault;
  requests: RequestRow[];
  facts: ChainFacts;
  /** Per wallet (lower case): the ids of the agreements not signed yet; absent when not checked. */
  unsignedAgreements: Map<string, string[]>;
  /** Per wallet (lower case): the nonce its first transaction was drafted with. */
  nonces: Map<string, number>;
}

/**
 * Preflight and drafts for a selection: fresh chain reads, the rules per wallet, then nonces,
 * fees, gas and the review of every transaction. Wallets that fail are kept as skipped items.
 */
export async function planSelection(deps: PlannerDeps, input: Selection): Promise<Plan> {
  return (await planWithBasis(deps, input)).plan;
}

/**
 * The selection as planned: a wallet listed twice would get the same nonces twice; a wallet at the
 * planner's path is refused (that key signs bundles and nothing else).
 */
function uniqueWallets(input: Selection): Selection {
  const parsed = SelectionSchema.parse(input);
  const planner = parsed.wallets.find((w) => isPlannerPath(w.path));
  if (planner) {
    throw new AppError({
      ...PLANNER_PATH_REFUSAL,
      message: `${planner.label ? `${planner.label} ` : ''}${planner.address}: ${PLANNER_PATH_REFUSAL.message}`,
      details: { wallet: planner.address, path: planner.path },
    });
  }
  const seen = new Set<string>();
  return { ...parsed, wallets: parsed.wallets.filter((w) => !seen.has(w.address.toLowerCase()) && seen.add(w.address.toLowerCase())) };
}

/** The plan, and what it was made from. */
export async function planWithBasis(
  deps: PlannerDeps,
  input: Selection,
  options: {
    nonceFloor?: ReadonlyMap<string, number>;
    /** Per `chainId:token:wallet` (across-vaults.ts underlyingKey): the underlying the vaults planned before this one already take. */
    spent?: ReadonlyMap<string, bigint>;
    /** The facts reader of a plan over several vaults: one block per chain for all of them. */
    reader?: ChainFactsReader;
  } = {},
): Promise<{ plan: Plan; basis: PlanBasis }> {
  const selection = uniqueWallets(input);
  const facts = await readPlanFacts(deps, selection, options.reader);
  const verdicts = options.spent ? eligibilityAfter(selection, facts, options.spent) : eligibility(selection, facts);
  const fees = needsFees(verdicts) ? await chainFees(facts.client, selection.maxFeeGwei) : null;
  // Ledger's service, asked for the pinned contracts' certified descriptors: why a call stays blind.
  const clearSigningNotes = (await deps.calldataDescriptors?.prepare?.(facts.pinned)) ?? [];
  const nonces = new Map<string, number>();
  const pinned = { vaultName: facts.pinned.vault.name, pinnedAt: facts.pinned.vault.pinnedAt, checkedAtBlock: facts.pinned.checkedAtBlock.toString() };
  const drafted = await draftWallets({ client: facts.client, vault: facts.vault, wallets: selection.wallets, verdicts, fees, nonces, pinned, ...(options.nonceFloor ? { nonceFloor: options.nonceFloor } : {}), ...(deps.calldataDescriptors ? { calldataDescriptors: deps.calldataDescriptors } : {}) });
  const now = new Date().toISOString();
  const { items, wallets } = reviewItems({ selection, vault: facts.vault, kycLink: facts.catalog.kyc.link, chain: facts.chain, verdicts, drafted, now });
  const plan: Plan = {
    id: newId('plan-'),
    createdAt: now,
    selection,
    vault: facts.vault,
    wallets,
    items,
    needsBlindSigningAck: needsBlindSigningAck(items),
    warnings: fees?.capped
      ? [
          `The chain asks up to ${formatGwei(fees.capped.estimate)} gwei per gas; fees are capped at ${formatGwei(fees.capped.cap)} gwei, so the transactions may wait until fees come down.`,
        ]
      : [],
  };
  plan.warnings.push(...clearSigningNotes);
  return { plan, basis: basisOf(facts, nonces) };
}

function basisOf(facts: PlanFacts, nonces: Map<string, number>): PlanBasis {
  const unsignedAgreements = new Map<string, string[]>();
  for (const [wallet, info] of facts.agreements ?? []) if ('unsigned' in info) unsignedAgreements.set(wallet, info.unsigned.map((a) => a.id));
  return { takenAt: facts.takenAt, vault: facts.catalog, requests: facts.requests, facts: facts.chain, unsignedAgreements, nonces };
}
