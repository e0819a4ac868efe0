import { isKnownRequestType } from '../../../shared/domain/actions';
import type { BundleSnapshot, BundleSource } from '../../../shared/bundles/schemas';
import type { EpochRow } from '../../../shared/ipc/schemas';
import type { Plan } from '../../../shared/signing/schemas';
import type { PlanBasis } from '../signing/planner';

/**
 * The snapshot an unsigned bundle carries: the vault, its epochs and the selected wallets as the
 * plan saw them (the chain's figures the rules decided on, and the catalog's), so that an offline
 * install can show what the plan was made from, marked with its time.
 */
export function snapshotFromBasis(
  plan: Plan,
  basis: PlanBasis,
  source: BundleSource,
  epochs: { readAt: string; rows: EpochRow[] } | null,
): BundleSnapshot {
  const { facts, vault: pv } = basis;
  const cycle = pv.cycle;
  const rule = facts.vault.instantRule;
  const labels = new Map(plan.selection.wallets.map((w) => [w.address.toLowerCase(), w.label]));
  return {
    takenAt: basis.takenAt,
    source,
    block: {
      chainId: pv.chain.chainId,
      number: facts.block.number.toString(),
      timestamp: facts.block.timestamp,
      baseFeePerGas: facts.block.baseFeePerGas?.toString() ?? null,
    },
    vault: {
      id: pv.id,
      name: pv.name,
      chainId: pv.chain.chainId,
      chainName: pv.chain.name,
      status: pv.status,
      state: facts.vault.state,
      paused: facts.vault.paused,
      epochNumber: facts.vault.epochNumber,
      epochStart: cycle?.epochStart ?? null,
      epochEnd: cycle?.epochEnd ?? null,
      epochDuration: cycle?.epochDuration ?? null,
      bufferPeriod: cycle?.bufferPeriod ?? null,
      allowInstantWithdraw: facts.vault.allowInstantWithdraw,
      instantRule: rule
        ? {
            disabled: rule.disabled,
            lastEpochApr: rule.lastEpochApr.toString(),
            unscaledApr: rule.unscaledApr.toString(),
            aprDelta: rule.aprDelta.toString(),
          }
        : null,
      apr: { current: pv.apr.current, last: pv.apr.last },
      price: pv.price,
      tvl: pv.tvl?.token ?? null,
      queues: pv.queues ? { ...pv.queues } : null,
      kyc: { required: pv.kyc.required, link: pv.kyc.link },
      lenderSignatureIds: [...pv.lenderSignatureIds],
      queueEpochs: [...facts.vault.epochs.entries()]
        .sort(([a], [b]) => a - b)
        .map(([epoch, e]) => ({ epoch, price: e.price.toString(), withdrawPrice: e.withdrawPrice.toString(), pendingClaims: e.pendingClaims.toString() })),
    },
    epochs: epochs
      ? {
          readAt: epochs.readAt,
          rows: epochs.rows.map((r) => ({
            count: r.count,
            status: r.status,
            startDate: r.startDate,
            endDate: r.endDate,
            apr: r.apr,
            lastApr: r.lastApr,
            withdrawType: r.withdrawType,
          })),
        }
      : null,
    wallets: [...facts.wallets.entries()].map(([address, w]) => {
      const selected = plan.selection.wallets.find((s) => s.address.toLowerCase() === address);
      return {
        address: selected?.address ?? address,
        label: labels.get(address) ?? '',
        nonce: basis.nonces.get(address) ?? null,
        allowed: w.allowed,
        gasBalance: w.gasBalance.toString(),
        underlyingBalance: w.underlyingBalance.toString(),
        trancheBalance: w.trancheBalance.toString(),
        maxWithdrawable: w.maxWithdrawable.toString(),
        allowance: {
          underlyingToVault: w.allowance.underlyingToVault.toString(),
          underlyingToQueue: w.allowance.underlyingToQueue.toString(),
          trancheToQueue: w.allowance.trancheToQueue.toString(),
        },
        redeem: { standard: w.redeem.standard.toString(), instant: w.redeem.instant.toString(), lastRequestEpoch: w.redeem.lastRequestEpoch },
        queue: [...w.queue.entries()]
          .sort(([a], [b]) => a - b)
          .map(([epoch, q]) => ({ epoch, deposit: q.deposit.toString(), withdraw: q.withdraw.toString() })),
        unsignedAgreements: basis.unsignedAgreements.get(address) ?? null,
      };
    }),
    // A bundle carries the requests the console acts on; a type it does not know stays on screen only.
    requests: basis.requests.flatMap((r) => (isKnownRequestType(r.type) ? [{ ...r, type: r.type }] : [])).map((r) => ({
      id: r.id,
      wallet: r.wallet,
      type: r.type,
      status: r.status,
      phase: r.phase,
      isInstant: r.isInstant,
      epochNumber: r.epochNumber,
      amount: r.amount,
      amountToken: r.amountToken,
      requestedAt: r.requestedAt,
      expectedAt: r.expectedAt,
    })),
  };
}
