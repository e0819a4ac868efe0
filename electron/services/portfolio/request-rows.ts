import { requestAction } from '../../../shared/domain/actions';
import { generationRules } from '../../../shared/domain/generation-rules';
import { expectedRequestTime } from '../../../shared/domain/schedule';
import { isoToSeconds } from '../../../shared/domain/time';
import { expectedReceipt, requestAmount, type RequestAmount } from '../../../shared/portfolio/request-amounts';
import { requestPhase, statusOfPhase, type RequestChainFacts } from '../../../shared/portfolio/request-phase';
import type { Claimable, PortfolioVault, RequestRow } from '../../../shared/portfolio/schemas';
import type { ResourceItem } from '../../../shared/service';
import { cycleTimes } from './assemble';
import { heldKey, standardRedeemHeld, walletKey, type VaultChainState, type WalletChainState } from './chain-state';

type ServiceRequest = ResourceItem<'vaultRequests'>;

/** Which of a vault's sources did not answer on this refresh (their last answer is used instead). */
interface SourcesBehind {
  /** The service's records are from an earlier refresh. */
  service: boolean;
  /** The chain's cycle, queues and balances are from an earlier refresh, or missing. */
  chain: boolean;
}

interface Draft {
  wallet: string;
  type: string;
  status: string;
  isInstant: boolean;
  epochNumber: number | null;
  record: { amount: string; lpAmount?: string | undefined } | null;
  /** A request only the chain shows: what the lens read the queue holding for it. */
  held?: bigint;
  requestedAt: number | null;
  source: RequestRow['source'];
}

/**
 * The requests of the group in one vault: the service's records, each classified and measured as
 * the contracts see it now where the chain answered (the service snapshots about daily plus on
 * activity, so a record can be a phase behind), and what the chain holds that the service has not
 * recorded yet. A request the chain no longer holds is claimed or cancelled: a cancelled one is
 * dropped. A row is stale when what it was built from is: a service record while the service is
 * behind, and any row while the chain is, since its phase, action and date follow the chain.
 */
export function buildRequests(
  vault: PortfolioVault,
  serviceRequests: readonly ServiceRequest[],
  wallets: ReadonlySet<string>,
  chainWallets: ReadonlyMap<string, WalletChainState> | null,
  chainVault: VaultChainState | null,
  now: number,
  behind: SourcesBehind = { service: false, chain: false },
): RequestRow[] {
  const rows = new Map<string, RequestRow>();
  const times = cycleTimes(chainVault, vault.cycle, now);
  const rules = generationRules(vault.generations);
  const vaultPrice = vault.price ? BigInt(vault.price) : null;

  const chainFacts = (d: Draft): RequestChainFacts | null => {
    if (!chainVault) return null;
    const epoch = d.epochNumber !== null ? (chainVault.epochs.get(d.epochNumber) ?? null) : null;
    if (d.type === 'DEPOSIT' || d.type === 'WITHDRAW') {
      const held = d.held ?? (d.epochNumber !== null ? (chainVault.held.get(heldKey(d.wallet, d.type, d.epochNumber)) ?? null) : null);
      return { held, epoch };
    }
    if (d.type !== 'REDEEM') return null;
    const w = chainWallets?.get(walletKey(vault.id, d.wallet));
    const held = d.isInstant ? (w?.instantRedeemRequest ?? null) : w ? standardRedeemHeld(w) : null;
    return {
      held,
      strategyEpoch: chainVault.epochNumber,
      lastRequestEpoch: chainVault.lastWithdrawRequest.get(d.wallet.toLowerCase()) ?? null,
      poolClosed: chainVault.epochEndDate === 0,
      allowInstantWithdraw: chainVault.allowInstantWithdraw,
    };
  };

  const add = (d: Draft) => {
    const facts = chainFacts(d);
    const phase = requestPhase(d, facts);
    if (phase === 'cancelled') return;
    const measured: RequestAmount | null = requestAmount(d.type, d.record, facts?.held ?? null);
    if (!measured) return;
    const id = `${vault.id}:${d.wallet.toLowerCase()}:${d.type}:${d.epochNumber ?? (d.isInstant ? 'instant' : 'standard')}`;
    const epoch = d.epochNumber !== null ? chainVault?.epochs.get(d.epochNumber) : undefined;
    const prefunded = d.type === 'DEPOSIT' && (epoch?.prefunded ?? 0n) > 0n;
    // The action table acts on the phase the contracts show, said in the service's words.
    const actionFacts = { type: d.type, status: statusOfPhase(d, phase), isInstant: d.isInstant, ...(d.epochNumber !== null ? { epochNumber: d.epochNumber } : {}) };
    const verdict = vault.cycle ? requestAction(actionFacts, vault.cycle.state, rules, prefunded) : null;
    const receive = expectedReceipt(d.type, phase, measured, { epochPrice: epoch?.price, epochWithdrawPrice: epoch?.withdrawPrice, vaultPrice });
    rows.set(id, {
      id,
      wallet: d.wallet,
      vaultId: vault.id,
      type: d.type,
      status: d.status,
      isInstant: d.isInstant,
      epochNumber: d.epochNumber,
      phase,
      amount: measured.amount.toString(),
      amountToken: measured.token,
      amountFrom: measured.from,
      receive: receive ? { amount: receive.amount.toString(), token: receive.token, estimate: receive.estimate } : null,
      requestedAt: d.requestedAt,
      stale: behind.chain || (d.source === 'service' && behind.service),
      action: verdict?.action ? { kind: verdict.action.kind, functionName: verdict.action.functionName, contract: verdict.action.contract } : null,
      reason: verdict ? ('reason' in verdict ? verdict.reason : null) : 'The vault\u2019s cycle is unknown right now.',
      expectedAt: times && (phase === 'pending' || phase === 'processed') ? expectedRequestTime({ type: d.type, status: statusOfPhase(d, phase), isInstant: d.isInstant }, times) : null,
      source: d.source,
    });
  };

  for (const s of serviceRequests) {
    // A type the console does not know (WRITEOFF, or one added later) is kept: shown as it is, with no action.
    if (!wallets.has(s.walletAddress.toLowerCase())) continue;
    add({
      wallet: s.walletAddress,
      type: s.type,
      status: s.status,
      isInstant: s.isInstant ?? false,
      epochNumber: s.epochNumber ?? null,
      record: s,
      requestedAt: isoToSeconds(s.requestedOn),
      source: 'service',
    });
  }

  // What the chain holds that the service has not recorded yet.
  const current = vault.cycle?.requestEpoch ?? null;
  if (chainWallets) {
    const recorded = new Set([...rows.values()].map((r) => `${r.wallet.toLowerCase()}:${r.type}:${r.type === 'REDEEM' ? r.isInstant : r.epochNumber}`));
    const has = (wallet: string, type: string, key: number | boolean | null) => recorded.has(`${wallet}:${type}:${key}`);
    const fromChain = (wallet: string, type: string, epochNumber: number | null, isInstant: boolean, held: bigint) =>
      add({ wallet, type, status: 'PENDING', isInstant, epochNumber, record: type === 'REDEEM' ? { amount: held.toString() } : null, held, requestedAt: null, source: 'chain' });
    for (const wallet of wallets) {
      const w = chainWallets.get(walletKey(vault.id, wallet));
      if (!w) continue;
      // The lens read what the queue holds for the current epoch: it is that request's held amount.
      if (current !== null && chainVault && w.pendingDeposit && w.pendingDeposit > 0n && !has(wallet, 'DEPOSIT', current)) fromChain(wallet, 'DEPOSIT', current, false, w.pendingDeposit);
      if (current !== null && chainVault && w.pendingWithdraw && w.pendingWithdraw > 0n && !has(wallet, 'WITHDRAW', current)) fromChain(wallet, 'WITHDRAW', current, false, w.pendingWithdraw);
      const redeem = standardRedeemHeld(w) ?? 0n;
      if (redeem > 0n && !has(wallet, 'REDEEM', false)) fromChain(wallet, 'REDEEM', null, false, redeem);
      if (w.instantRedeemRequest && w.instantRedeemRequest > 0n && !has(wallet, 'REDEEM', true)) fromChain(wallet, 'REDEEM', null, true, w.instantRedeemRequest);
    }
  }
  return [...rows.values()];
}

/**
 * The claims among a vault's requests, by lowercase wallet: built once per vault, so assembling
 * the positions costs one lookup per wallet instead of a pass over all the vault's requests.
 */
export function claimsByWallet(requests: readonly RequestRow[]): Map<string, Claimable[]> {
  const out = new Map<string, Claimable[]>();
  for (const r of requests) {
    if (r.action?.kind !== 'claim') continue;
    const key = r.wallet.toLowerCase();
    let list = out.get(key);
    if (!list) out.set(key, (list = []));
    list.push({
      kind: r.type === 'DEPOSIT' ? 'deposit' : r.type === 'WITHDRAW' ? 'withdraw' : r.action.functionName === 'claimInstantWithdrawRequest' ? 'instantRedeem' : 'redeem',
      epochNumber: r.epochNumber,
      amount: r.amount,
      amountToken: r.amountToken,
      receive: r.receive,
      functionName: r.action.functionName,
      contract: r.action.contract,
    });
  }
  return out;
}
