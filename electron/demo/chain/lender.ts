import { erc20Abi, type Address } from 'viem';
import { AppError } from '../../../shared/errors';
import type { ChainClient } from './client';
import type { VaultDeployment } from './deploy';
import { queueWithdrawAbi, simQueueAbi, simVaultAbi, vault2026Abi, writeOffAbi } from './simAbi';

/** What a lender does, as the console would do it: approve the right spender, then call. */
export interface LenderActions {
  depositAA(amount: bigint): Promise<void>;
  /** 2026 vaults with deposits during the epoch turned on. */
  depositDuringEpoch(amount: bigint): Promise<void>;
  /** REDEEM request on the epoch vault (0 = whole balance). */
  redeem(trancheAmount: bigint): Promise<void>;
  /** Claims the vault's standard (and apr0) redeems. */
  claimRedeem(): Promise<void>;
  claimInstantRedeem(): Promise<void>;
  queueDeposit(amount: bigint): Promise<void>;
  queueWithdraw(trancheAmount: bigint): Promise<void>;
  deleteDeposit(e: bigint): Promise<void>;
  deleteWithdraw(e: bigint): Promise<void>;
  claimDeposit(e: bigint): Promise<void>;
  claimWithdraw(e: bigint): Promise<void>;
  /** Escrows tranche tokens in the write-off escrow, asking `underlyings` for them. */
  requestWriteOff(trancheAmount: bigint, underlyings: bigint): Promise<void>;
  deleteWriteOff(): Promise<void>;
  trancheBalance(): Promise<bigint>;
  underlyingBalance(): Promise<bigint>;
}

function need(address: Address | null, vault: VaultDeployment, what: string): Address {
  if (!address) throw new AppError({ code: 'SIM_VAULT_NO_CONTRACT', message: `Vault ${vault.key} has no ${what}.` });
  return address;
}

export function lenderActions(client: ChainClient, vault: VaultDeployment, lender: Address): LenderActions {
  const approve = (token: Address, spender: Address, amount: bigint) =>
    client.write({ from: lender, to: token, abi: erc20Abi, functionName: 'approve', args: [spender, amount] });
  const onVault = { from: lender, to: vault.epochVault, abi: simVaultAbi } as const;
  const depositQueue = () => need(vault.depositQueue, vault, 'deposit queue');
  const withdrawQueue = () => need(vault.withdrawQueue, vault, 'withdraw queue');
  const writeOff = () => need(vault.writeOff, vault, 'write-off escrow');
  const balance = (token: Address) => client.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [lender] });

  return {
    async depositAA(amount) {
      await approve(vault.token.address, vault.epochVault, amount);
      await client.write({ ...onVault, functionName: 'depositAA', args: [amount] });
    },
    async depositDuringEpoch(amount) {
      await approve(vault.token.address, vault.epochVault, amount);
      await client.write({ from: lender, to: vault.epochVault, abi: vault2026Abi, functionName: 'depositDuringEpoch', args: [amount, vault.tranche] });
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
      await approve(vault.token.address, depositQueue(), amount);
      await client.write({ from: lender, to: depositQueue(), abi: simQueueAbi, functionName: 'requestDeposit', args: [amount] });
    },
    async queueWithdraw(trancheAmount) {
      await approve(vault.tranche, withdrawQueue(), trancheAmount);
      await client.write({ from: lender, to: withdrawQueue(), abi: queueWithdrawAbi, functionName: 'requestWithdraw', args: [trancheAmount] });
    },
    async deleteDeposit(e) {
      await client.write({ from: lender, to: depositQueue(), abi: simQueueAbi, functionName: 'deleteRequest', args: [e] });
    },
    async deleteWithdraw(e) {
      await client.write({ from: lender, to: withdrawQueue(), abi: queueWithdrawAbi, functionName: 'deleteWithdrawRequest', args: [e] });
    },
    async claimDeposit(e) {
      await client.write({ from: lender, to: depositQueue(), abi: simQueueAbi, functionName: 'claimDepositRequest', args: [e] });
    },
    async claimWithdraw(e) {
      await client.write({ from: lender, to: withdrawQueue(), abi: queueWithdrawAbi, functionName: 'claimWithdrawRequest', args: [e] });
    },
    async requestWriteOff(trancheAmount, underlyings) {
      await approve(vault.tranche, writeOff(), trancheAmount);
      await client.write({ from: lender, to: writeOff(), abi: writeOffAbi, functionName: 'createWriteOffRequest', args: [trancheAmount, underlyings] });
    },
    async deleteWriteOff() {
      await client.write({ from: lender, to: writeOff(), abi: writeOffAbi, functionName: 'deleteWriteOffRequest' });
    },
    trancheBalance: () => balance(vault.tranche),
    underlyingBalance: () => balance(vault.token.address),
  };
}
