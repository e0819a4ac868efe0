/**
 * Simulation benchmark: how long "what will change" takes for a plan of 20, 100 and 500
 * transactions, on a fork of a local chain with the protocol deployed.
 *
 *   npm run bench:simulation [-- --sizes 20,100,500 --runs 1 --rpc-latency 50]
 *
 * Each plan is deposits into a vault without KYC, three steps per wallet as the planner drafts a
 * deposit for a wallet that holds nothing yet: the wallet gets underlying (the test token's open
 * `mint`), approves it to the epoch vault, and deposits it (`depositAA`, after its approval). The
 * wallets are new: the fork tops up their gas, as it reports. The fork's start (spawn to its first
 * answer, on a local chain: a remote RPC adds its own latency to every state read) is measured
 * apart from the run (impersonation, sending every transaction in device order, receipts, token
 * reads, decoding). One JSON line per run, then the load average. With --rpc-latency MS the fork
 * reads the chain through an HTTP proxy that answers each request MS late, as a remote RPC would;
 * the line then counts the requests the fork made through it.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { encodeFunctionData, keccak256, toHex, getAddress, type Hex } from 'viem';
import { startLocalNetwork } from '../../electron/demo/chain';
import { mintableAbi } from '../../electron/demo/chain/simAbi';
import { startLatencyProxy, type LatencyProxy } from './latency-proxy';
import { ForkSession, runningForkPids, simulatePlan } from '../../electron/services/simulation';
import { epochVaultAbi, erc20Abi } from '../../shared/abi';
import { newBatchItem } from '../../shared/signing/item';
import type { BatchItem, PlanVault } from '../../shared/signing/schemas';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '20,100,500' },
    runs: { type: 'string', default: '1' },
    // The fork reads the chain through a proxy that answers each request this many ms late (a remote RPC).
    'rpc-latency': { type: 'string', default: '0' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
const rpcLatencyMs = Number(values['rpc-latency']);

const network = await startLocalNetwork();
let proxy: LatencyProxy | null = null;
try {
  // A vault without KYC: any new wallet may deposit.
  const { chain, deployment } = network.chains.find((c) => c.deployment.vaults.some((v) => v.keyring === null))!;
  const d = deployment.vaults.find((v) => v.keyring === null)!;
  const vault: PlanVault = {
    id: d.key,
    name: d.name,
    chainId: chain.chainId,
    state: 'UNKNOWN',
    epochVault: d.epochVault,
    queue: d.depositQueue,
    strategy: d.strategy,
    tranche: { symbol: `AA_${d.key}`, decimals: 18, address: d.tranche },
    underlying: { symbol: d.token.symbol, decimals: d.token.decimals, address: d.token.address },
  };
  const amount = 1000n * 10n ** BigInt(d.token.decimals);
  const planOf = (size: number) => {
    const items: BatchItem[] = [];
    const wallets: { address: string; label: string; ok: boolean; reason: null; kycLink: null }[] = [];
    for (let w = 0; items.length < size; w++) {
      const wallet = getAddress(keccak256(toHex(`bench wallet ${w}`)).slice(0, 42));
      wallets.push({ address: wallet, label: `B${w}`, ok: true, reason: null, kycLink: null });
      const steps: [string, Hex, Hex][] = [
        ['none', d.token.address, encodeFunctionData({ abi: mintableAbi, functionName: 'mint', args: [wallet, amount] })],
        ['approve', d.token.address, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [d.epochVault, amount] })],
        ['depositAA', d.epochVault, encodeFunctionData({ abi: epochVaultAbi, functionName: 'depositAA', args: [amount] })],
      ];
      steps.slice(0, size - items.length).forEach(([step, to, data], n) => {
        const id = `${String(items.length + 1).padStart(4, '0')}-${w}`;
        items.push(
          newBatchItem(
            {
              id,
              wallet,
              label: `B${w}`,
              path: `44'/60'/0'/0/${w}`,
              chainId: chain.chainId,
              vaultId: vault.id,
              vaultName: vault.name,
              action: 'deposit',
            },
            {
              step: step as BatchItem['step'],
              dependsOn: step === 'depositAA' ? items.at(-1)!.id : null,
              tx: {
                type: 'eip1559',
                chainId: chain.chainId,
                nonce: n,
                to,
                data,
                value: '0',
                gas: '300000',
                maxFeePerGas: '3000000000',
                maxPriorityFeePerGas: '1000000000',
              },
            },
          ),
        );
      });
    }
    return { id: `bench-${size}`, vault, wallets, items };
  };

  for (const size of sizes) {
    for (let run = 0; run < runs; run++) {
      const plan = planOf(size);
      // A new proxy per run: the fork's reads of each run are counted alone.
      await proxy?.close();
      proxy = rpcLatencyMs > 0 ? await startLatencyProxy(chain.rpcUrl, rpcLatencyMs) : null;
      const forkUrl = proxy?.url ?? chain.rpcUrl;
      const deps = { rpcUrls: () => [forkUrl], forkTimeoutMs: 120_000 };
      const session = new ForkSession(deps);
      const forkStarted = Date.now();
      const kept = await session.forkOf(chain.chainId);
      const forkStartMs = Date.now() - forkStarted;
      const runStarted = Date.now();
      const result = await simulatePlan(plan, deps, { session });
      const runMs = Date.now() - runStarted;
      await session.close();
      const line = {
        items: size,
        method: result.chains[0]?.method,
        ...(result.chains[0]?.reason ? { reason: result.chains[0].reason } : {}),
        forkBlock: result.chains[0]?.block,
        forkStartMs,
        forkSpawnToAnswerMs: kept.fork.startMs,
        runMs,
        perItemMs: Math.round((runMs / size) * 10) / 10,
        ok: result.items.filter((i) => i.ok).length,
        failed: result.items
          .filter((i) => !i.ok)
          .map((i) => `${i.call}: ${i.revert?.reason ?? i.revert?.error.message}`)
          .slice(0, 3),
        fundedWallets: result.chains[0]?.fundedGas.length,
        ...(proxy ? { rpcLatencyMs, rpcRequests: proxy.requests } : {}),
        forksLeft: runningForkPids().length,
        loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100),
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  }
} finally {
  await proxy?.close();
  await network.stop();
}
process.stdout.write(`${JSON.stringify({ loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100), cpus: os.cpus().length })}\n`);
