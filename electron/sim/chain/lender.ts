import type { Address } from 'viem';
import { epochQueueAbi, epochVaultAbi, erc20Abi } from '../../../shared/abi';
import type { ChainClient } from './client';
import type { VaultDeployment } from './deploy';

/** What a lender does, as the console would do it: approve the right spender, then call. */
export interface LenderActions {
  depositAA(amount: bigint): Promise<void>;
  /** REDEEM request on the epoch vault (0 = whole balance). */
  redeem(trancheAmount: bigint): Promise<void>;
  claimRedeem(): Promise<void>;
  claimInstantRedeem(): Promise<void>;
  queueDeposit(amount: bigint): Promise<void>;
  queueWithdraw(trancheAmount: bigint): Promise<void>;
  deleteDeposit(e: bigint): Promise<void>;
  deleteWithdraw(e: bigint): Promise<void>;
  claimDeposit(e: bigint): Promise<void>;
  claimWithdraw(e: bigint): Promise<void>;
  trancheBalance(): Promise<bigint>;
  underlyingBalance(): Promise<bigint>;
}

export function lenderActions(client: ChainClient, vault: VaultDeployment, lender: Address): LenderActions {
  const approve = (token: Address, spender: Address, amount: bigint) =>
    client.write({ from: lender, to: token, abi: erc20Abi, functionName: 'approve', args: [spender, amount] });
  const onVault = { from: lender, to: vault.epochVault, abi: epochVaultAbi } as const;
  const onQueue = { from: lender, to: vault.queue, abi: epochQueueAbi } as const;
  const balance = (token: Address) =>
    client.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [lender] });

  return {
    async depositAA(amount) {
      await approve(vault.token.address, vault.epochVault, amount);
      await client.write({ ...onVault, functionName: 'depositAA', args: [amount] });
    },
    async redeem(trancheAmount) {
      await client.write({ ...onVault, functionName: 'requestWithdraw', args: [trancheAmount, vault.tranche] });
    },
    async claimRedeem() {
      await client.write({ ...onVault, functionName: 'claimWithdrawRequest' });
    },
    async claimInstantRedeem() {
      await client.write({ ...onVault, functionName: 'claimInstantWithdrawRequest' });
    },
    async queueDeposit(amount) {
      await approve(vault.token.address, vault.queue, amount);
      await client.write({ ...onQueue, functionName: 'requestDeposit', args: [amount] });
    },
    async queueWithdraw(trancheAmount) {
      await approve(vault.tranche, vault.queue, trancheAmount);
      await client.write({ ...onQueue, functionName: 'requestWithdraw', args: [trancheAmount] });
    },
    async deleteDeposit(e) {
      await client.write({ ...onQueue, functionName: 'deleteRequest', args: [e] });
    },
    async deleteWithdraw(e) {
      await client.write({ ...onQueue, functionName: 'deleteWithdrawRequest', args: [e] });
    },
    async claimDeposit(e) {
      await client.write({ ...onQueue, functionName: 'claimDepositRequest', args: [e] });
    },
    async claimWithdraw(e) {
      await client.write({ ...onQueue, functionName: 'claimWithdrawRequest', args: [e] });
    },
    trancheBalance: () => balance(vault.tranche),
    underlyingBalance: () => balance(vault.token.address),
  };
}
