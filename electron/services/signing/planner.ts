import { randomBytes } from 'node:crypto';
import { formatEther, formatGwei, type Hex, type PublicClient } from 'viem';
import { personalMessageScreens } from '../../../shared/device/screens';
import { parseAmount } from '../../../shared/domain/units';
import { AppError, toAppErrorData, type AppErrorData } from '../../../shared/errors';
import type { Portfolio, PortfolioVault, RequestRow } from '../../../shared/portfolio/schemas';
import {
  planAgreements,
  planCancels,
  planClaims,
  planDeposit,
  planWithdraw,
  type MessageStep,
  type RequestRef,
  type TxStep,
  type WalletFacts,
  type WalletPlan,
} from '../../../shared/signing/rules';
import {
  SelectionSchema,
  type BatchItem,
  type Plan,
  type PlanVault,
  type PlanWallet,
  type Selection,
} from '../../../shared/signing/schemas';
import type { ServiceClient } from '../service-client';
import { describeCallError } from './broadcast';
import { buildDraft, calldata, chainFees, gasLimit, roleAddress, type Draft, type Fees } from './drafts';
import { readChainFacts, type ChainFacts } from './facts';

/**
 * From a selection to a plan: the portfolio of the selected wallets, fresh chain reads and the
 * service's agreement checks, the pure rules per wallet, then drafts (nonces, fees, gas) and the
 * review of every item. Nothing is journaled or signed here.
 */

export interface PlannerDeps {
  loadPortfolio: (wallets: { address: `0x${string}`; label: string }[]) => Promise<Portfolio>;
  chain: (chainId: number) => PublicClient | Promise<PublicClient>;
  service: () => Promise<ServiceClient>;
}

const newId = (prefix: string) =>
  `${prefix}${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}-${randomBytes(4).toString('hex')}`;

function decodeBase64(text: string): string {
  return Buffer.from(text, 'base64').toString('utf8');
}

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

/** The plan, and what it was made from. */
export async function planWithBasis(deps: PlannerDeps, input: Selection): Promise<{ plan: Plan; basis: PlanBasis }> {
  const parsed = SelectionSchema.parse(input);
  // A wallet listed twice would get the same nonces twice.
  const seen = new Set<string>();
  const selection: Selection = {
    ...parsed,
    wallets: parsed.wallets.filter((w) => !seen.has(w.address.toLowerCase()) && seen.add(w.address.toLowerCase())),
  };
  const wallets = selection.wallets.map((w) => ({ address: w.address as `0x${string}`, label: w.label }));
  const portfolio = await deps.loadPortfolio(wallets);
  const pv = portfolio.vaults.find((v) => v.id === selection.vaultId);
  if (!pv)
    throw new AppError({
      code: 'SIGNING_VAULT_NOT_FOUND',
      message: 'The vault is not in the catalog.',
      action: 'Refresh the portfolio and choose the vault again.',
    });
  const vault: PlanVault = {
    id: pv.id,
    name: pv.name,
    chainId: pv.chain.chainId,
    state: pv.cycle?.state ?? 'UNKNOWN',
    epochVault: pv.epochVault,
    queue: pv.queue,
    strategy: pv.strategy,
    tranche: pv.tranche,
    underlying: pv.underlying,
  };
  const client = await deps.chain(vault.chainId);
  // A signature is bound to the chain id: an RPC for another chain would take nothing we sign.
  const rpcChainId = await client.getChainId();
  if (rpcChainId !== vault.chainId) {
    throw new AppError({
      code: 'SIGNING_WRONG_CHAIN',
      message: `The RPC address for ${vault.name} answers for chain ${rpcChainId}, not ${vault.chainId}.`,
      action: 'Correct the RPC address of this chain in Settings.',
    });
  }
  const requests = portfolio.requests.filter((r) => r.vaultId === pv.id);
  const takenAt = new Date().toISOString();
  const facts = await readChainFacts(
    client,
    pv,
    wallets.map((w) => w.address),
    requests,
  );
  vault.state = facts.vault.state;

  const needsAgreements = selection.action === 'deposit' || selection.action === 'agreements';
  const agreements = needsAgreements
    ? await agreementStatus(
        deps,
        pv.lenderSignatureIds,
        wallets.map((w) => w.address),
      )
    : null;

  let amount: bigint | 'all' | null = null;
  if (
    selection.action === 'deposit' ||
    ((selection.action === 'withdraw' || selection.action === 'redeem') && selection.amount && selection.amount !== 'all')
  ) {
    const token = selection.action === 'deposit' ? vault.underlying : vault.tranche;
    const parsed = parseAmount(selection.amount ?? '', token.decimals);
    if (!parsed.ok) throw new AppError({ code: 'SIGNING_BAD_AMOUNT', message: parsed.reason, action: 'Correct the amount.' });
    amount = BigInt(parsed.baseUnits);
  } else if (selection.action === 'withdraw' || selection.action === 'redeem') amount = 'all';

  const ids = selection.requestIds ? new Set(selection.requestIds) : null;
  const planOptions = { approval: selection.approval ?? 'exact' } as const;
  const items: BatchItem[] = [];
  const planWallets: PlanWallet[] = [];
  const now = new Date().toISOString();
  let seq = 0;
  const item = (w: (typeof selection.wallets)[number], patch: Partial<BatchItem>): BatchItem => ({
    id: `${String(++seq).padStart(3, '0')}-${w.address.slice(2, 8).toLowerCase()}`,
    wallet: w.address,
    label: w.label,
    path: w.path,
    chainId: vault.chainId,
    vaultId: vault.id,
    vaultName: vault.name,
    action: selection.action,
    step: 'none',
    dependsOn: null,
    tx: null,
    message: null,
    review: null,
    state: 'waiting',
    reason: null,
    error: null,
    signed: null,
    signature: null,
    hash: null,
    receipt: null,
    resignAllowed: false,
    attempts: 0,
    history: [{ at: now, state: patch.state ?? 'waiting', note: patch.reason ?? null }],
    ...patch,
  });

  // 1. The rules, wallet by wallet.
  const verdicts = selection.wallets.map((w): WalletPlan => {
    const agreementInfo = agreements?.get(w.address.toLowerCase());
    if (agreementInfo && 'error' in agreementInfo) return { ok: false, reason: agreementInfo.error };
    const walletFacts: WalletFacts = {
      ...facts.wallets.get(w.address.toLowerCase())!,
      unsignedAgreements: agreementInfo?.unsigned ?? [],
    };
    const mine: RequestRef[] = requests
      .filter((r) => r.wallet.toLowerCase() === w.address.toLowerCase())
      .map((r) => ({ id: r.id, type: r.type, status: r.status, isInstant: r.isInstant, epochNumber: r.epochNumber }));
    switch (selection.action) {
      case 'deposit':
        return planDeposit(facts.vault, walletFacts, amount as bigint, planOptions);
      case 'withdraw':
      case 'redeem':
        return planWithdraw(facts.vault, walletFacts, amount!, { ...planOptions, redeemOnly: selection.action === 'redeem' });
      case 'claim':
        return planClaims(facts.vault, walletFacts, mine, ids);
      case 'cancel':
        return planCancels(facts.vault, walletFacts, mine, ids);
      case 'agreements':
        return planAgreements(walletFacts, pv.lenderSignatureIds.length > 0);
    }
  });

  // 2. Drafts for every wallet at once: nonces n, n+1… in step order, gas estimated where the
  // chain can tell already (not for a step behind an approval that has not landed).
  const needsFees = verdicts.some((v) => v.ok && v.steps.some((s) => s.kind === 'transaction'));
  const fees: Fees | null = needsFees ? await chainFees(client, selection.maxFeeGwei) : null;
  type Drafted = { kind: 'tx'; step: TxStep; draft: Draft; afterApprove: boolean } | { kind: 'message'; step: MessageStep };
  const nonces = new Map<string, number>();
  const drafted = await Promise.all(
    selection.wallets.map(async (w, i): Promise<Drafted[] | AppErrorData | null> => {
      const verdict = verdicts[i]!;
      if (!verdict.ok) return null;
      try {
        let nonce = verdict.steps.some((s) => s.kind === 'transaction')
          ? await client.getTransactionCount({ address: w.address as Hex, blockTag: 'pending' })
          : 0;
        if (verdict.steps.some((s) => s.kind === 'transaction')) nonces.set(w.address.toLowerCase(), nonce);
        const out: Drafted[] = [];
        let afterApprove = false;
        for (const step of verdict.steps) {
          if (step.kind === 'message') {
            out.push({ kind: 'message', step });
            continue;
          }
          const gas = await gasLimit(
            client,
            w.address as Hex,
            roleAddress(vault, step.contract),
            calldata(vault, step),
            step,
            afterApprove,
          );
          out.push({ kind: 'tx', step, draft: buildDraft({ vault, step, nonce: nonce++, fees: fees!, gas }), afterApprove });
          afterApprove = step.step === 'approve';
        }
        return out;
      } catch (err) {
        return describeCallError(err);
      }
    }),
  );

  // 3. Items in device order: wallet by wallet, each wallet's steps in nonce order.
  selection.wallets.forEach((w, i) => {
    const verdict = verdicts[i]!;
    const result = drafted[i];
    if (!verdict.ok) {
      const kycLink = verdict.needsKyc ? pv.kyc.link : null;
      const reason = kycLink ? `${verdict.reason} Complete KYC at ${kycLink}.` : verdict.reason;
      planWallets.push({ address: w.address, label: w.label, ok: false, reason, kycLink });
      items.push(item(w, { state: 'skipped', reason }));
      return;
    }
    if (!Array.isArray(result)) {
      const reason = `Preflight failed: ${result!.message}`;
      planWallets.push({ address: w.address, label: w.label, ok: false, reason, kycLink: null });
      items.push(item(w, { state: 'skipped', reason, error: result! }));
      return;
    }
    // A node refuses a transaction whose gas limit × max fee exceeds the balance.
    const costliest = result.reduce(
      (max, d) => (d.kind === 'tx' && BigInt(d.draft.review.fees.maxFeeWei) > max ? BigInt(d.draft.review.fees.maxFeeWei) : max),
      0n,
    );
    const gasBalance = facts.wallets.get(w.address.toLowerCase())!.gasBalance;
    if (costliest > gasBalance) {
      const reason = `The wallet holds ${formatEther(gasBalance)} ETH; a transaction may cost up to ${formatEther(costliest)} ETH in fees.`;
      planWallets.push({ address: w.address, label: w.label, ok: false, reason, kycLink: null });
      items.push(item(w, { state: 'skipped', reason }));
      return;
    }
    let previous: BatchItem | null = null;
    for (const d of result) {
      if (d.kind === 'message') {
        const bytes = new TextEncoder().encode(d.step.text);
        items.push(
          item(w, {
            step: 'agreement',
            message: { signatureId: d.step.signatureId, text: d.step.text },
            review: {
              kind: 'message',
              title: `Sign "${d.step.title}"`,
              signatureId: d.step.signatureId,
              code: d.step.code ?? null,
              text: d.step.text,
              deviceScreens: personalMessageScreens(bytes),
            },
          }),
        );
        continue;
      }
      const created = item(w, {
        step: d.step.step,
        tx: d.draft.tx,
        review: d.draft.review,
        dependsOn: d.afterApprove && previous ? previous.id : null,
      });
      items.push(created);
      previous = created;
    }
    planWallets.push({
      address: w.address,
      label: w.label,
      ok: true,
      reason: verdict.notes.length ? verdict.notes.join(' ') : null,
      kycLink: null,
    });
  });
  const plan: Plan = {
    id: newId('plan-'),
    createdAt: now,
    selection,
    vault,
    wallets: planWallets,
    items,
    needsBlindSigningAck: items.some((i) => i.tx !== null),
    warnings: fees?.capped
      ? [
          `The chain asks up to ${formatGwei(fees.capped.estimate)} gwei per gas; fees are capped at ${formatGwei(fees.capped.cap)} gwei, so the transactions may wait until fees come down.`,
        ]
      : [],
  };
  const unsignedAgreements = new Map<string, string[]>();
  for (const [wallet, info] of agreements ?? []) if ('unsigned' in info) unsignedAgreements.set(wallet, info.unsigned.map((a) => a.id));
  return { plan, basis: { takenAt, vault: pv, requests, facts, unsignedAgreements, nonces } };
}

/** Per wallet: the LENDER agreements it has not signed, or why that could not be checked. */
async function agreementStatus(
  deps: PlannerDeps,
  signatureIds: readonly string[],
  wallets: readonly string[],
): Promise<Map<string, { unsigned: WalletFacts['unsignedAgreements'] } | { error: string }>> {
  const out = new Map<string, { unsigned: WalletFacts['unsignedAgreements'] } | { error: string }>();
  if (signatureIds.length === 0) {
    for (const w of wallets) out.set(w.toLowerCase(), { unsigned: [] });
    return out;
  }
  let definitions: WalletFacts['unsignedAgreements'][number][];
  let client: ServiceClient;
  try {
    client = await deps.service();
    const listed = await client.listSignatures(signatureIds);
    definitions = listed.data.map((d) => ({
      id: d._id,
      ...(d.code ? { code: d.code } : {}),
      title: d.title?.en ?? d.code ?? d._id,
      text: decodeBase64(d.walletMessage ?? ''),
    }));
  } catch (err) {
    const reason = `The agreements could not be read from the service: ${toAppErrorData(err).message}`;
    for (const w of wallets) out.set(w.toLowerCase(), { error: reason });
    return out;
  }
  await Promise.all(
    wallets.map(async (w) => {
      try {
        const checks = await Promise.all(definitions.map((d) => client.checkSignature(d.id, w)));
        out.set(w.toLowerCase(), { unsigned: definitions.filter((_, i) => checks[i] === null) });
      } catch (err) {
        out.set(w.toLowerCase(), { error: `The agreements could not be checked: ${toAppErrorData(err).message}` });
      }
    }),
  );
  return out;
}
