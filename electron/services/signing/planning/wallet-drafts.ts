import type { Hex, PublicClient } from 'viem';
import type { AppErrorData } from '../../../../shared/errors';
import type { MessageStep, TxStep, WalletPlan } from '../../../../shared/signing/rules';
import type { PlanVault, SelectionWallet, TransactionReview } from '../../../../shared/signing/schemas';
import { describeCallError } from '../broadcast';
import type { CalldataDescriptorSource } from '../../device/clear-signing';
import { buildDraft, calldata, gasLimit, roleAddress, type Draft, type Fees } from '../drafts';

export type Drafted = { kind: 'tx'; step: TxStep; draft: Draft; afterApprove: boolean } | { kind: 'message'; step: MessageStep };

/** Per wallet: its drafts in nonce order, why they could not be made, or null for a wallet left out. */
export type WalletDrafts = Drafted[] | AppErrorData | null;

const hasTransactions = (verdict: WalletPlan) => verdict.ok && verdict.steps.some((s) => s.kind === 'transaction');

export const needsFees = (verdicts: readonly WalletPlan[]) => verdicts.some(hasTransactions);

/**
 * Drafts for every wallet at once: nonces n, n+1… in step order, gas estimated where the chain can
 * tell already (not for a step behind an approval that has not landed). `nonces` gets each
 * wallet's first nonce.
 */
export async function draftWallets(args: {
  client: PublicClient;
  vault: PlanVault;
  wallets: readonly SelectionWallet[];
  verdicts: readonly WalletPlan[];
  fees: Fees | null;
  nonces: Map<string, number>;
  pinned?: TransactionReview['pinned'];
  /**
   * Per `chainId:wallet` (lower case), the first nonce this plan may use: a plan over several vaults
   * drafts each vault after the others, and a wallet's nonces go on from the vault before.
   */
  nonceFloor?: ReadonlyMap<string, number>;
  /** The certified descriptors the device service signs with: a call one covers is reviewed in clear. */
  calldataDescriptors?: CalldataDescriptorSource;
}): Promise<WalletDrafts[]> {
  const { client, vault, verdicts, fees, nonces } = args;
  return Promise.all(
    args.wallets.map(async (w, i): Promise<WalletDrafts> => {
      const verdict = verdicts[i]!;
      if (!verdict.ok) return null;
      try {
        let nonce = hasTransactions(verdict) ? await client.getTransactionCount({ address: w.address as Hex, blockTag: 'pending' }) : 0;
        nonce = Math.max(nonce, args.nonceFloor?.get(`${vault.chainId}:${w.address.toLowerCase()}`) ?? 0);
        if (hasTransactions(verdict)) nonces.set(w.address.toLowerCase(), nonce);
        const out: Drafted[] = [];
        let afterApprove = false;
        for (const step of verdict.steps) {
          if (step.kind === 'message') {
            out.push({ kind: 'message', step });
            continue;
          }
          const gas = await gasLimit(client, w.address as Hex, roleAddress(vault, step.contract), calldata(vault, step), step, afterApprove);
          out.push({ kind: 'tx', step, draft: buildDraft({ vault, step, nonce: nonce++, fees: fees!, gas, ...(args.pinned ? { pinned: args.pinned } : {}), ...(args.calldataDescriptors ? { calldataDescriptors: args.calldataDescriptors } : {}) }), afterApprove });
          afterApprove = step.step === 'approve';
        }
        return out;
      } catch (err) {
        return describeCallError(err);
      }
    }),
  );
}
