import type { Abi, PublicClient } from 'viem';
import { epochQueueAbi, epochVaultAbi, erc20Abi, strategyAbi } from '../../../shared/abi';
import { cycleState } from '../../../shared/domain/cycle';
import { AppError } from '../../../shared/errors';
import type { PortfolioVault, RequestRow } from '../../../shared/portfolio/schemas';
import type { QueueEpochFacts, VaultFacts, WalletFacts } from '../../../shared/signing/rules';

/**
 * Fresh chain reads for a plan: the vault's cycle and queue epochs, and every selected wallet's
 * balances, allowances, KYC flag, redeem receipts and queue holdings. One multicall round for the
 * vault, one for the wallets (the portfolio's figures may be minutes old; a plan must not be).
 */

type Addr = `0x${string}`;

interface Call {
  address: Addr;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
}

async function readAll(client: PublicClient, calls: readonly Call[]): Promise<unknown[]> {
  if (calls.length === 0) return [];
  const results = await client.multicall({
    contracts: calls.map((c) => ({ address: c.address, abi: c.abi, functionName: c.functionName, args: c.args ?? [] })),
    allowFailure: true,
  });
  return results.map((r, i) => {
    if (r.status !== 'success') {
      throw new AppError({
        code: 'SIGNING_READ_FAILED',
        message: `The chain did not answer ${calls[i]!.functionName} on ${calls[i]!.address}.`,
        action: 'Check the RPC address of this chain and plan again.',
      });
    }
    return r.result;
  });
}

const abi = (a: readonly unknown[]) => a as Abi;

export interface ChainFacts {
  vault: VaultFacts;
  wallets: Map<string, Omit<WalletFacts, 'unsignedAgreements'>>;
  blockTimestamp: number;
  /** The block the figures are from (the snapshot of an exported bundle names it). */
  block: { number: bigint; timestamp: number; baseFeePerGas: bigint | null };
}

/** The contracts the reads need: the portfolio's vault, or a plan's (the check before the device). */
export type FactsVault = Pick<PortfolioVault, 'epochVault' | 'queue' | 'strategy'> & { tranche: { address: string }; underlying: { address: string } };

export async function readChainFacts(
  client: PublicClient,
  vault: FactsVault,
  wallets: readonly Addr[],
  requests: readonly Pick<RequestRow, 'epochNumber'>[],
): Promise<ChainFacts> {
  const ev = vault.epochVault as Addr;
  const queue = vault.queue as Addr | null;
  const strategy = vault.strategy as Addr;
  const tranche = vault.tranche.address as Addr;
  const underlying = vault.underlying.address as Addr;
  const epochs = [...new Set(requests.map((r) => r.epochNumber).filter((e): e is number => e !== null && e > 0))];

  const block = await client.getBlock({ blockTag: 'latest' });
  const vaultCalls: Call[] = [
    { address: ev, abi: abi(epochVaultAbi), functionName: 'isEpochRunning' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'defaulted' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'paused' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'epochEndDate' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'allowInstantWithdraw' },
    { address: strategy, abi: abi(strategyAbi), functionName: 'epochNumber' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'disableInstantWithdraw' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'lastEpochApr' },
    { address: strategy, abi: abi(strategyAbi), functionName: 'unscaledApr' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'instantWithdrawAprDelta' },
  ];
  const VAULT_READS = vaultCalls.length;
  if (queue) {
    for (const e of epochs) {
      vaultCalls.push(
        { address: queue, abi: abi(epochQueueAbi), functionName: 'epochPrice', args: [BigInt(e)] },
        { address: queue, abi: abi(epochQueueAbi), functionName: 'epochWithdrawPrice', args: [BigInt(e)] },
        { address: queue, abi: abi(epochQueueAbi), functionName: 'epochPendingClaims', args: [BigInt(e)] },
      );
    }
  }
  const perWallet = 10 + (queue ? epochs.length * 2 : 0);
  const walletCalls: Call[] = [];
  for (const w of wallets) {
    walletCalls.push(
      { address: ev, abi: abi(epochVaultAbi), functionName: 'isWalletAllowed', args: [w] },
      { address: underlying, abi: abi(erc20Abi), functionName: 'balanceOf', args: [w] },
      { address: tranche, abi: abi(erc20Abi), functionName: 'balanceOf', args: [w] },
      { address: underlying, abi: abi(erc20Abi), functionName: 'allowance', args: [w, ev] },
      { address: underlying, abi: abi(erc20Abi), functionName: 'allowance', args: [w, queue ?? ev] },
      { address: tranche, abi: abi(erc20Abi), functionName: 'allowance', args: [w, queue ?? ev] },
      { address: ev, abi: abi(epochVaultAbi), functionName: 'maxWithdrawable', args: [w, tranche] },
      { address: strategy, abi: abi(strategyAbi), functionName: 'withdrawsRequests', args: [w] },
      { address: strategy, abi: abi(strategyAbi), functionName: 'instantWithdrawsRequests', args: [w] },
      { address: strategy, abi: abi(strategyAbi), functionName: 'lastWithdrawRequest', args: [w] },
    );
    if (queue) {
      for (const e of epochs) {
        walletCalls.push(
          { address: queue, abi: abi(epochQueueAbi), functionName: 'userDepositsEpochs', args: [w, BigInt(e)] },
          { address: queue, abi: abi(epochQueueAbi), functionName: 'userWithdrawalsEpochs', args: [w, BigInt(e)] },
        );
      }
    }
  }
  const [v, ws, gas] = await Promise.all([
    readAll(client, vaultCalls),
    readAll(client, walletCalls),
    Promise.all(wallets.map((w) => client.getBalance({ address: w }))),
  ]);

  const epochFacts = new Map<number, QueueEpochFacts>();
  if (queue) {
    epochs.forEach((e, i) => {
      const at = VAULT_READS + i * 3;
      epochFacts.set(e, { price: v[at] as bigint, withdrawPrice: v[at + 1] as bigint, pendingClaims: v[at + 2] as bigint });
    });
  }
  const vaultFacts: VaultFacts = {
    state: cycleState({
      isEpochRunning: v[0] as boolean,
      defaulted: v[1] as boolean,
      epochEndDate: Number(v[3] as bigint),
      now: Number(block.timestamp),
    }),
    paused: v[2] as boolean,
    hasQueue: queue !== null,
    allowInstantWithdraw: v[4] as boolean,
    epochNumber: Number(v[5] as bigint),
    epochs: epochFacts,
    instantRule: { disabled: v[6] as boolean, lastEpochApr: v[7] as bigint, unscaledApr: v[8] as bigint, aprDelta: v[9] as bigint },
  };

  const walletFacts = new Map<string, Omit<WalletFacts, 'unsignedAgreements'>>();
  wallets.forEach((w, i) => {
    const r = ws.slice(i * perWallet, (i + 1) * perWallet);
    const held = new Map<number, { deposit: bigint; withdraw: bigint }>();
    if (queue) epochs.forEach((e, j) => held.set(e, { deposit: r[10 + j * 2] as bigint, withdraw: r[11 + j * 2] as bigint }));
    walletFacts.set(w.toLowerCase(), {
      allowed: r[0] as boolean,
      gasBalance: gas[i]!,
      underlyingBalance: r[1] as bigint,
      trancheBalance: r[2] as bigint,
      allowance: {
        underlyingToVault: r[3] as bigint,
        underlyingToQueue: queue ? (r[4] as bigint) : 0n,
        trancheToQueue: queue ? (r[5] as bigint) : 0n,
      },
      maxWithdrawable: r[6] as bigint,
      redeem: { standard: r[7] as bigint, instant: r[8] as bigint, lastRequestEpoch: Number(r[9] as bigint) },
      queue: held,
    });
  });
  return {
    vault: vaultFacts,
    wallets: walletFacts,
    blockTimestamp: Number(block.timestamp),
    block: { number: block.number, timestamp: Number(block.timestamp), baseFeePerGas: block.baseFeePerGas ?? null },
  };
}
