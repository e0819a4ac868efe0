import type { AppErrorData } from '../../../shared/errors';
import { isAppError, toAppErrorData } from '../../../shared/errors';
import type { Portfolio, PortfolioVault, PositionRow, RequestRow, SetAside, SourceStatus } from '../../../shared/portfolio/schemas';
import { KNOWN_VALUES, type ResourceItem } from '../../../shared/service';
import { VAULTS_TOKENS_CHAINS, type ServiceCatalog } from '../catalog/catalog';
import type { ChainPool } from '../chain/pool';
import { requestsMade, type ServiceClient } from '../service-client';
import { buildVault } from './assemble';
import { buildRequests, claimsByWallet } from './request-rows';
import { epochVaultEntries, epochVaultsWithoutChain, type EpochVaultEntry } from './vault-entries';
import type { Logger } from '../log/logger';
import type { ChainReadProfile, ChainReadResult } from './chain-state';
import { readChainPinned } from './pinned-read';
import { ChangedSince, readInputs, type WarmDecision } from './changed-since';
import { PositionRows } from './position-rows';
import { limitsSince } from './source-limits';
import { requestReads } from './request-reads';
import { byExpected } from '../../../shared/portfolio/request-order';

/**
 * The requests a vault's list completes: every status but CLAIMED, named one by one since the
 * protocol's query schema (sVaultRequestsSearchQuery) takes a list of statuses and no `status:ne`.
 */
const OPEN_REQUEST_STATUSES = KNOWN_VALUES.requestStatus.filter((s) => s !== 'CLAIMED');
export const openRequestsQuery = (vaultId: string) => ({ filter: { vaultId: [vaultId], status: OPEN_REQUEST_STATUSES } });

type VaultBlock = ResourceItem<'vaultLatestBlocks'>;
type ServiceRequest = ResourceItem<'vaultRequests'>;

export interface PortfolioWallet {
  address: `0x${string}`;
  label: string;
}

export interface PortfolioOptions {
  /** The service the console reads now (it changes when a key is saved or removed). */
  service: () => Promise<ServiceClient>;
  /** The service graph's catalog (`createServiceGraph`): the one every reader shares. */
  catalog: ServiceCatalog;
  /** The service graph's chain-client pool: a chain's RPCs and what was learned of them, shared. */
  chains: ChainPool;
  /** Which epoch vaults to follow; the demo follows only those on its local chains. Default: all. */
  includeVault?: (entry: EpochVaultEntry) => boolean;
  /** Seconds, for tests that travel in time; defaults to the wall clock. */
  now?: () => number;
  /** Where a chain's refusal of the portfolio lens is noted (the refresh still reads, more slowly). */
  log?: Pick<Logger, 'warn'>;
  /** False: read every wallet value through Multicall3, never the lens (measurements compare both). */
  lens?: boolean;
  /** Told where each refresh spent its time (measurements; nothing is logged). */
  onProfile?: (profile: RefreshProfile) => void;
  /** The records the service's latest reads set aside, shown on its source (default: not told). */
  setAside?: () => SetAside;
  /** False: every refresh reads every wallet (default: a warm refresh reads only what changed, `changed-since.ts`). */
  warm?: boolean;
}

/** Where one refresh spent its time, ms from its start unless named a duration. */
export interface RefreshProfile {
  /** The service's catalog, latest blocks and requests (a duration). */
  serviceMs: number;
  /**
   * Per chain: when its read started and ended, its own breakdown, and the time its vaults,
   * requests and positions took to build once it had answered (while other chains may still read).
   */
  chains: { chainId: number; startMs: number; endMs: number; read: ChainReadProfile; assembleMs: number }[];
  /** Joining the chains' parts and ordering the requests, after the last chain (a duration). */
  assembleMs: number;
  totalMs: number;
}

interface LastGood {
  blocks: Map<string, VaultBlock>;
  requests: Map<string, ServiceRequest[]>;
  chains: Map<number, { result: ChainReadResult; atMs: number }>;
  serviceAtMs: number | null;
}

/**
 * Builds the console's whole view of a group: catalog, latest vault blocks and open requests from
 * the service (a handful of list requests, whatever the group's size), and every wallet × vault from
 * the chains (one multicall round per chain). A source that fails is reported and its last good
 * data is shown marked stale; the others still show.
 */
export class PortfolioService {
  private readonly catalog: ServiceCatalog;
  private readonly chains: ChainPool;
  private readonly lastGood: LastGood = { blocks: new Map(), requests: new Map(), chains: new Map(), serviceAtMs: null };
  private lastEntries: EpochVaultEntry[] | null = null;
  /** The last view built: the one place the console keeps it (the features and the planner ask here). */
  private lastView: Portfolio | null = null;
  /** Counts resets: a load that started before one does not leave its view behind. */
  private resets = 0;
  private readonly changed = new ChangedSince();
  private readonly positionRows = new PositionRows();

  constructor(private readonly options: PortfolioOptions) {
    this.catalog = options.catalog;
    this.chains = options.chains;
  }

  /**
   * Forgets the data last read, e.g. when the console switches to another service (the catalog is
   * the service graph's, reset by its owner).
   */
  reset(): void {
    this.lastEntries = null;
    this.lastView = null;
    this.resets++;
    this.lastGood.blocks.clear();
    this.lastGood.requests.clear();
    this.lastGood.chains.clear();
    this.lastGood.serviceAtMs = null;
    this.changed.forget();
    this.positionRows.forget();
  }

  /** How a chain's last refresh was read: in full (and why), or only the wallets its logs named. */
  howRead(chainId: number): WarmDecision | undefined {
    return this.changed.lastDecision(chainId);
  }

  /** The last view built (of whichever batch), or null before the first load and after a reset. */
  last(): Portfolio | null {
    return this.lastView;
  }

  /** A view holding these wallets: the last one when it has them all and is at most `maxAgeMs` old, else a new load of just these wallets. */
  async viewOf(wallets: readonly PortfolioWallet[], maxAgeMs: number): Promise<Portfolio> {
    const view = this.lastView;
    if (view && maxAgeMs > 0 && Date.now() - view.generatedAtMs <= maxAgeMs) {
      const held = new Set(view.wallets.map((w) => w.address.toLowerCase()));
      if (wallets.every((w) => held.has(w.address.toLowerCase()))) return view;
    }
    return this.load(wallets, null);
  }

  async load(wallets: readonly PortfolioWallet[], groupId: string | null): Promise<Portfolio> {
    const started = performance.now();
    const resets = this.resets;
    const client = await this.options.service();
    const httpBefore = requestsMade(client);
    const rpcBefore = this.chains.counter.http;
    const nowMs = Date.now();
    const sources: SourceStatus[] = [];

    // 1. Catalog, then blocks and requests in parallel.
    let serviceError: AppErrorData | null = null;
    let known: EpochVaultEntry[] | null;
    let withoutChain: string[] = [];
    try {
      const lists = await this.catalog.read(client, VAULTS_TOKENS_CHAINS, { now: nowMs });
      known = epochVaultEntries(lists);
      // Without a key, a vault's chain is known only when one of the operator's RPCs serves it.
      if (client.keyless) withoutChain = epochVaultsWithoutChain(lists).map((v) => v.name ?? v._id);
      this.lastEntries = known;
    } catch (err) {
      serviceError = toAppErrorData(err);
      known = this.lastEntries;
    }
    const entries = (known ?? []).filter((e) => this.options.includeVault?.(e) ?? true);
    const ids = entries.map((e) => e.vault._id);
    if (known && !serviceError) {
      try {
        // The spec tracks open requests in the latest block's `requests`; a block without that
        // array is completed from the requests list of its vault.
        const blocks = await client.listAllVaultLatestBlocks(ids);
        const blockById = new Map(blocks.map((b) => [b.vaultId, b]));
        // Without a key the requests list is not read (it needs one): the chain's own reads make
        // those vaults' request rows (request-rows.ts), as they do for a request the service has not recorded.
        const missing = client.keyless ? [] : ids.filter((id) => !Array.isArray(blockById.get(id)?.requests));
        const listed = await Promise.all(missing.map((vaultId) => client.listAll('vaultRequests', openRequestsQuery(vaultId))));
        this.lastGood.blocks = blockById;
        this.lastGood.requests = new Map(ids.map((id) => [id, (blockById.get(id)?.requests as ServiceRequest[] | undefined) ?? []]));
        missing.forEach((id, i) => this.lastGood.requests.set(id, listed[i] ?? []));
        this.lastGood.serviceAtMs = nowMs;
      } catch (err) {
        serviceError = toAppErrorData(err);
      }
    }
    sources.push({
      id: 'service',
      label: client.keyless ? 'Credit vault service (public data only)' : 'Credit vault service',
      ok: serviceError === null,
      fetchedAtMs: this.lastGood.serviceAtMs,
      stale: serviceError !== null && this.lastGood.serviceAtMs !== null,
      error: serviceError,
      // As of this refresh: the catalog's, the blocks' and the requests' reads are done here.
      ...(this.options.setAside ? { setAside: this.options.setAside() } : {}),
    });

    if (withoutChain.length > 0) sources.push(vaultsWithoutChainSource(withoutChain));

    const serviceMs = performance.now() - started;
    const chainProfiles: RefreshProfile['chains'] = [];

    // 2. One round per chain, all chains at once; each chain's vaults are assembled as soon as its
    // round is in, while the other chains are still being read.
    const walletAddresses = wallets.map((w) => w.address);
    const now = this.options.now?.() ?? Math.floor(nowMs / 1000);
    const walletKeys = walletAddresses.map((a) => a.toLowerCase());
    const groupSet = new Set(walletKeys);
    const assembled: ({ vault: PortfolioVault; requests: RequestRow[]; positions: PositionRow[] } | undefined)[] = new Array(entries.length);
    const assembleChain = (chainId: number) => {
      const chain = chainResults.get(chainId);
      entries.forEach((entry, index) => {
        if (entry.chainId !== chainId) return;
        const chainVault = chain?.result?.vaults.get(entry.vault._id) ?? null;
        const block = this.lastGood.blocks.get(entry.vault._id) ?? null;
        const vault = buildVault(entry, chainVault, block, chain?.result ? Math.max(now, chain.result.blockTimestamp) : now);
        vault.blocks = { chain: chainVault ? (chain?.result?.blockNumber ?? null) : null, service: block?.block.number ?? null };
        const behind = { service: serviceError !== null, chain: !chain?.fresh };
        const vaultRequests = buildRequests(vault, this.lastGood.requests.get(entry.vault._id) ?? [], groupSet, chain?.result?.wallets ?? null, chainVault, now, behind);
        const claims = claimsByWallet(vaultRequests);
        const vaultPositions = this.positionRows.build(vault, entry.vault._id, walletAddresses, walletKeys, chain?.result?.wallets, claims, behind.chain);
        assembled[index] = { vault, requests: vaultRequests, positions: vaultPositions };
      });
    };
    const byChain = groupBy(entries, (e) => e.chainId);
    const chainResults = new Map<number, { result: ChainReadResult | null; fresh: boolean }>();
    await Promise.all(
      [...byChain.entries()].map(async ([chainId, chainEntries]) => {
        const label = chainEntries[0]!.chain.name ?? `Chain ${chainId}`;
        const urls = await this.chains.urls(chainId, chainEntries[0]!.chain);
        const { epochs, requests } = requestReads(chainEntries, this.lastGood.requests, groupSet);
        let error: AppErrorData | null = null;
        const limits = limitsSince(urls);
        if (urls.length === 0) {
          error = this.chains.noRpcError(chainId, label).toData();
        } else {
          try {
            const read: ChainReadProfile = { vaultRoundMs: 0, encodeMs: 0, roundMs: 0, decodeMs: 0, keepMs: 0, calls: 0 };
            const startMs = performance.now() - started;
            const chainClient = this.chains.clientFor(chainId, urls, label);
            const inputs = readInputs(chainEntries, walletAddresses);
            const warm = this.options.warm !== false;
            const result = await readChainPinned(chainClient, chainEntries, walletAddresses, epochs, {
              chainId,
              label,
              ...(this.options.lens === false ? { lens: false } : {}),
              ...(this.options.log ? { log: this.options.log } : {}),
              ...(this.options.onProfile ? { profile: read } : {}),
              requests,
              ...(warm ? { since: (block) => this.changed.plan(chainClient, chainId, block, inputs, groupSet, chainEntries) } : {}),
            });
            this.changed.keep(chainId, result, inputs, walletAddresses.length);
            chainProfiles.push({ chainId, startMs: Math.round(startMs), endMs: Math.round(performance.now() - started), read, assembleMs: 0 });
            this.lastGood.chains.set(chainId, { result, atMs: Date.now() });
            chainResults.set(chainId, { result, fresh: true });
          } catch (err) {
            // The next refresh of this chain reads it in full.
            this.changed.forget(chainId);
            error = chainError(label, err);
          }
        }
        const last = this.lastGood.chains.get(chainId);
        if (error) chainResults.set(chainId, { result: last?.result ?? null, fresh: false });
        sources.push({ id: `chain:${chainId}`, label, ok: error === null, fetchedAtMs: last?.atMs ?? null, stale: error !== null && last !== undefined, error, ...limits() });
        const assembling = performance.now();
        assembleChain(chainId);
        const profiled = chainProfiles.find((p) => p.chainId === chainId);
        if (profiled) profiled.assembleMs = Math.round(performance.now() - assembling);
      }),
    );

    // 3. Put together what was read: each chain's vaults as soon as that chain has answered (above).
    const assembleStarted = performance.now();
    const vaults: PortfolioVault[] = [];
    const positions: PositionRow[] = [];
    const requests: RequestRow[] = [];
    for (const part of assembled) {
      if (!part) continue;
      vaults.push(part.vault);
      for (const r of part.requests) requests.push(r);
      for (const p of part.positions) positions.push(p);
    }
    // In the Requests screen's first order, so the table does not sort them again on arrival.
    requests.sort(byExpected);
    if (this.options.onProfile) {
      const totalMs = Math.round(performance.now() - started);
      this.options.onProfile({ serviceMs: Math.round(serviceMs), chains: chainProfiles, assembleMs: Math.round(performance.now() - assembleStarted), totalMs });
    }
    const view: Portfolio = {
      groupId,
      generatedAtMs: nowMs,
      wallets: wallets.map((w) => ({ address: w.address, label: w.label })),
      vaults,
      positions,
      requests,
      sources: sources.sort((a, b) => a.id.localeCompare(b.id)),
      cost: { http: requestsMade(client) - httpBefore, rpc: this.chains.counter.http - rpcBefore, ms: Math.round(performance.now() - started) },
    };
    if (resets === this.resets) this.lastView = view;
    return view;
  }
}

function groupBy<T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k) ?? [];
    list.push(item);
    out.set(k, list);
  }
  return out;
}

/** The vaults a key-less console cannot place on a chain, as a source that says what to do. */
function vaultsWithoutChainSource(names: readonly string[]): SourceStatus {
  const listed = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  return {
    id: 'vaults-without-chain',
    label: `${names.length} ${names.length === 1 ? 'vault' : 'vaults'} on an unknown chain`,
    ok: false,
    fetchedAtMs: null,
    stale: false,
    error: {
      code: 'CHAIN_UNKNOWN_WITHOUT_KEY',
      message: `Not shown: ${listed}. Without an API key the service does not say which chain a vault is on, and none of your RPCs serves ${names.length === 1 ? 'its contracts' : 'their contracts'}.`,
      action: 'Add an RPC of their chain in Settings → Chains, or an API key in Settings → Service API key.',
    },
  };
}

function chainError(label: string, err: unknown): AppErrorData {
  // A refusal the chain's own checks made (an RPC answering for another chain) says itself.
  if (isAppError(err)) return err.toData();
  const message = err instanceof Error ? (err as { shortMessage?: string }).shortMessage ?? err.message : String(err);
  return {
    code: 'CHAIN_UNREACHABLE',
    message: `${label} did not answer: ${message.split('\n')[0]}`,
    action: 'The figures from this chain are from the last successful refresh. Check the RPC addresses of this chain in Settings → Chains, or try again.',
  };
}

export type { EpochVaultEntry };
