/**
 * A naive client for the portfolio benchmark: it follows the service spec's per-wallet call
 * sequence (section 4.3, "Client call sequences") literally, for every wallet in every vault,
 * each step as its own HTTP request or its own `eth_call`:
 *
 * 1. vault display: load the vault by `_id` (PUBLIC only), the LENDER signatures it names, its
 *    token, and its latest block in the single form (`/v1/vault-latest-block?vaultId=`);
 * 2. wallet access: `isWalletAllowed(wallet)` on the vault's cdoEpoch contract, a check per
 *    required signature, then the wallet's position;
 * 3. deposit: the wallet's balance and allowance on the token (spender per cycle state);
 * 4. withdraw: the tranche balance and `maxWithdrawable`, and the tranche allowance for the
 *    withdraw queue while RUNNING.
 *
 * Concurrency: at most 6 requests in flight per origin (the service, and each chain's RPC), and 6
 * wallet × vault sequences at a time. Six is what a browser allows per HTTP/1.1 origin and the
 * usual default of request pools in web clients; it is also generous to the naive client, since
 * the service answers each request after the same fixed latency whatever the load.
 */
import { createPublicClient, http, type Address, type PublicClient } from 'viem';
import { epochVaultAbi, erc20Abi } from '../../shared/abi';
import { createServiceClient, type ServiceClient } from '../../electron/services/service-client';

export const NAIVE_CONCURRENCY = 6;

/** A counting semaphore: `run` waits for a free slot. */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

export interface NaiveOptions {
  serviceUrl: string;
  apiKey: string;
  wallets: readonly Address[];
  /** Vault ids to show (the operator's list); the naive client loads each one itself. */
  vaultIds: readonly string[];
  concurrency?: number;
}

export interface NaiveResult {
  ms: number;
  http: number;
  rpc: number;
  /** Wallet × vault sequences completed. */
  pairs: number;
  /** Sequences that ended on an error (counted, not retried). */
  errors: number;
  /** Service requests per endpoint. */
  endpoints: Record<string, number>;
}

interface Counters {
  http: number;
  rpc: number;
}

function limitedFetch(limiters: Map<string, Limiter>, slots: number, onRequest: () => void): typeof fetch {
  return (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    let limiter = limiters.get(url.origin);
    if (!limiter) {
      limiter = new Limiter(slots);
      limiters.set(url.origin, limiter);
    }
    return limiter.run(() => {
      onRequest();
      return fetch(input, init);
    });
  };
}

/** Runs the per-wallet sequence for every wallet × vault and counts what it cost. */
export async function runNaiveClient(options: NaiveOptions): Promise<NaiveResult> {
  const slots = options.concurrency ?? NAIVE_CONCURRENCY;
  const counters: Counters = { http: 0, rpc: 0 };
  const limiters = new Map<string, Limiter>();
  const service: ServiceClient = createServiceClient({
    baseUrl: options.serviceUrl,
    getApiKey: async () => options.apiKey,
    fetch: limitedFetch(limiters, slots, () => counters.http++),
  });
  const rpcFetch = limitedFetch(limiters, slots, () => counters.rpc++);
  const rpcClients = new Map<string, PublicClient>();
  const rpcFor = (url: string): PublicClient => {
    let client = rpcClients.get(url);
    if (!client) {
      // No JSON-RPC batching and no multicall: one HTTP request per eth_call.
      client = createPublicClient({ transport: http(url, { fetchFn: rpcFetch, retryCount: 0 }) }) as PublicClient;
      rpcClients.set(url, client);
    }
    return client;
  };

  const started = performance.now();
  // The chains' RPC addresses, once (the spec's sequence starts from the vault).
  const chains = await service.listAll('chains');
  const rpcOfChain = new Map(
    chains.map((c) => [c._id, ((c as { RPCs?: { https?: string }[] }).RPCs ?? []).find((r) => typeof r.https === 'string')?.https ?? null]),
  );

  const pairs: { wallet: Address; vaultId: string }[] = [];
  for (const wallet of options.wallets) for (const vaultId of options.vaultIds) pairs.push({ wallet, vaultId });
  let next = 0;
  let done = 0;
  let errors = 0;

  const sequence = async (wallet: Address, vaultId: string): Promise<void> => {
    // 1. Vault display.
    const vault = await service.getVault(vaultId);
    if (vault.visibility !== 'PUBLIC') return;
    const v = vault as typeof vault & {
      signatures?: { _id: string; entity: string }[];
      cdoEpoch?: { address?: Address; depositQueue?: { address?: Address }; withdrawQueue?: { address?: Address } };
    };
    const lenderSignatures = (v.signatures ?? []).filter((s) => s.entity === 'LENDER').map((s) => s._id);
    const [token, block] = await Promise.all([
      service.getToken(vault.tokenId!),
      service.getVaultLatestBlock(vaultId),
      lenderSignatures.length > 0 ? service.listSignatures(lenderSignatures) : Promise.resolve(null),
    ]);
    const rpcUrl = rpcOfChain.get(vault.chainId ?? '');
    const cdo = v.cdoEpoch?.address;
    if (!rpcUrl || !cdo) return;
    const rpc = rpcFor(rpcUrl);

    // 2. Wallet access.
    await rpc.readContract({ address: cdo, abi: epochVaultAbi, functionName: 'isWalletAllowed', args: [wallet] });
    for (const id of lenderSignatures) await service.checkSignature(id, wallet);
    await service.getVaultPosition(vaultId, wallet);

    // 3. Deposit and 4. withdraw figures.
    const running = block.cdoEpoch?.status === 'RUNNING';
    const depositSpender = running ? (v.cdoEpoch?.depositQueue?.address ?? cdo) : cdo;
    const withdrawQueue = v.cdoEpoch?.withdrawQueue?.address;
    const tranche = vault.address as Address;
    const underlying = token.address as Address;
    await Promise.all([
      rpc.readContract({ address: underlying, abi: erc20Abi, functionName: 'balanceOf', args: [wallet] }),
      rpc.readContract({ address: underlying, abi: erc20Abi, functionName: 'allowance', args: [wallet, depositSpender] }),
      rpc.readContract({ address: tranche, abi: erc20Abi, functionName: 'balanceOf', args: [wallet] }),
      rpc.readContract({ address: cdo, abi: epochVaultAbi, functionName: 'maxWithdrawable', args: [wallet, tranche] }),
      running && withdrawQueue
        ? rpc.readContract({ address: tranche, abi: erc20Abi, functionName: 'allowance', args: [wallet, withdrawQueue] })
        : Promise.resolve(0n),
    ]);
  };

  const worker = async (): Promise<void> => {
    while (next < pairs.length) {
      const pair = pairs[next++]!;
      try {
        await sequence(pair.wallet, pair.vaultId);
      } catch {
        errors++;
      }
      done++;
    }
  };
  await Promise.all(Array.from({ length: slots }, () => worker()));
  return {
    ms: Math.round(performance.now() - started),
    http: counters.http,
    rpc: counters.rpc,
    pairs: done,
    errors,
    endpoints: service.requestCounts(),
  };
}
