import type { Abi } from 'viem';
import { epochQueueAbi, epochVaultAbi, erc20Abi, strategyAbi } from '../../../shared/abi';
import type { EpochVaultEntry } from './vault-entries';
import type { WalletChainState } from './chain-state';
import type { LensVault } from './lens';
import type { Read } from './multicall';

const abiOf = (abi: readonly unknown[]) => abi as Abi;
/** The key of one wallet in one vault in a chain read's `wallets`. */
export const walletKey = (vaultId: string, wallet: string) => `${vaultId}:${wallet.toLowerCase()}`;

/**
 * The wallets' round of one vault without the lens (a node that refuses state overrides): one
 * Multicall3 read per value, the same eight values the lens reads, each kept in `states` (keyed as
 * `walletKey`) as it answers.
 */
export function walletValueReads(
  e: EpochVaultEntry,
  lens: LensVault,
  wallets: readonly `0x${string}`[],
  states: Map<string, WalletChainState>,
): Read[] {
  const reads: Read[] = [];
  const current = lens.epoch;
  for (const wallet of wallets) {
    const w: WalletChainState = {
      trancheBalance: null,
      underlyingBalance: null,
      allowed: null,
      pendingDeposit: null,
      pendingWithdraw: null,
      redeemRequest: null,
      instantRedeemRequest: null,
      apr0RedeemRequest: null,
    };
    states.set(walletKey(e.vault._id, wallet), w);
    reads.push(
      {
        address: e.tranche,
        abi: abiOf(erc20Abi),
        functionName: 'balanceOf',
        args: [wallet],
        into: (v) => (w.trancheBalance = v as bigint),
      },
      {
        address: e.underlying,
        abi: abiOf(erc20Abi),
        functionName: 'balanceOf',
        args: [wallet],
        into: (v) => (w.underlyingBalance = v as bigint),
      },
      {
        address: e.epochVault,
        abi: abiOf(epochVaultAbi),
        functionName: 'isWalletAllowed',
        args: [wallet],
        into: (v) => (w.allowed = v as boolean),
      },
    );
    if (lens.depositQueue && current !== null) {
      reads.push({
        address: lens.depositQueue,
        abi: abiOf(epochQueueAbi),
        functionName: 'userDepositsEpochs',
        args: [wallet, BigInt(current)],
        into: (v) => (w.pendingDeposit = v as bigint),
      });
    }
    if (lens.withdrawQueue && current !== null) {
      reads.push({
        address: lens.withdrawQueue,
        abi: abiOf(epochQueueAbi),
        functionName: 'userWithdrawalsEpochs',
        args: [wallet, BigInt(current)],
        into: (v) => (w.pendingWithdraw = v as bigint),
      });
    }
    const strategy = lens.strategy;
    if (strategy) {
      reads.push(
        {
          address: strategy,
          abi: abiOf(strategyAbi),
          functionName: 'withdrawsRequests',
          args: [wallet],
          into: (v) => (w.redeemRequest = v as bigint),
        },
        {
          address: strategy,
          abi: abiOf(strategyAbi),
          functionName: 'instantWithdrawsRequests',
          args: [wallet],
          into: (v) => (w.instantRedeemRequest = v as bigint),
        },
      );
      if (lens.apr0) {
        reads.push({
          address: strategy,
          abi: abiOf(strategyAbi),
          functionName: 'apr0Users',
          args: [wallet],
          into: (v) => {
            const [principal, , settledPrincipal, settledInterest] = v as readonly bigint[];
            w.apr0RedeemRequest = principal! + settledPrincipal! + settledInterest!;
          },
        });
      }
    }
  }
  return reads;
}
