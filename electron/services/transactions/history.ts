import { transactionTypeWords } from '../../../shared/transactions/type-words';
import pLimit from 'p-limit';
import { transactionExplorerLink } from '../../../shared/domain/external-links';
import type { AppErrorData } from '../../../shared/errors';
import { toAppErrorData } from '../../../shared/errors';
import { isoToSeconds } from '../../../shared/domain/time';
import { trancheToken, type ResourceItem } from '../../../shared/service';
import type { TransactionRow, TransactionsView } from '../../../shared/transactions/schemas';
import { indexCatalog, VAULTS_TOKENS_CHAINS, type CatalogIndex, type ServiceCatalog } from '../catalog/catalog';
import { serviceRpcUrl } from '../chain/pool';
import { requestsMade, type ServiceClient } from '../service-client';

type Transaction = ResourceItem<'transactions'>;

/**
 * A batch's protocol transactions from the service, for the Transactions screen and its CSV.
 *
 * Loading policy: the whole history of the batch's wallets at once, in list requests of
 * WALLETS_PER_REQUEST addresses each (`walletAddress=a,b,…`, every page of 200), at most
 * CONCURRENCY at a time; the screen filters and sorts it locally, so changing a filter costs no
 * request. The history is reused for TTL_MS, and asked again on an explicit refresh, after a
 * signed transaction was confirmed, or when the batch's wallets change. The rows are joined with
 * the console's catalog (vaults of every visibility, since a wallet's own history may name a vault
 * that is no longer public; tokens, including the tranche tokens; chains), which keeps it.
 * A failed load keeps the last history shown, marked not current.
 */

const TRANSACTIONS_TTL_MS = 2 * 60_000;
/** Keeps each request's address well under common URL limits (50 × 43 characters). */
export const WALLETS_PER_REQUEST = 50;
const CONCURRENCY = 4;

interface CachedHistory {
  walletsKey: string;
  rows: TransactionRow[];
  fetchedAtMs: number;
}

export interface HistoryWallet {
  address: string;
  label: string;
}

function historyError(err: unknown): AppErrorData {
  const base = toAppErrorData(err);
  return {
    ...base,
    message: `The service did not give the transactions: ${base.message}`,
    action: base.action ?? 'Refresh to ask again.',
  };
}

/**
 * One service record joined with its vault, token and chain. The protocol's records give `amount`
 * in tranche tokens and `tokenAmount` in the underlying; the amount shown is the one the Requests
 * screen uses for the same request (`transactionTypeWords`): tranche tokens for a withdraw request
 * and its cancel, the underlying for the others. The seed's records give `amount` in the token
 * `tokenId` names. Nothing is read from a `status`, `chainId`, `epochId` or USD field the
 * protocol's records do not have (`TransactionData`): the chain is the vault's, the status the
 * service's only when it sends one.
 */
export function toTransactionRow(tx: Transaction, catalog: CatalogIndex): TransactionRow {
  const vault = catalog.vault(tx.vaultId);
  const official = tx.tokenAmount !== undefined;
  const inTranche = official && transactionTypeWords(tx.type).moves === 'tranche';
  const inUnderlying = official && !inTranche;
  const token = inTranche ? (vault ? trancheToken(vault) : null) : inUnderlying ? (catalog.token(vault?.tokenId) ?? catalog.token(tx.tokenId)) : catalog.token(tx.tokenId);
  // The protocol's records name no chain: it is the vault's (a seed record's own `chainId` only when the vault is unknown).
  const chain = catalog.chain(vault?.chainId) ?? catalog.chain(tx.chainId);
  const chainId = typeof chain?.chainID === 'number' ? chain.chainID : null;
  return {
    id: tx._id,
    hash: tx.hash ?? null,
    wallet: tx.walletAddress ?? '',
    vaultId: tx.vaultId ?? null,
    vaultName: vault?.name ?? tx.vaultId ?? '—',
    chainName: chain?.name ?? null,
    type: tx.type,
    status: tx.status ?? null,
    amount: (inUnderlying ? tx.tokenAmount : tx.amount) ?? null,
    token: token && typeof token.decimals === 'number' ? { symbol: token.symbol ?? '?', decimals: token.decimals } : null,
    timestamp: tx.block?.timestamp ?? isoToSeconds(tx.createdAt),
    blockNumber: tx.block?.number ?? null,
    explorer: transactionExplorerLink(
      chain
        ? {
            chainId,
            name: chain.name ?? `Chain ${chainId ?? '?'}`,
            explorerUrl: (chain as { explorerUrl?: string }).explorerUrl ?? null,
            rpcUrl: serviceRpcUrl(chain),
          }
        : null,
      tx.hash,
    ),
  };
}

export class TransactionHistory {
  private readonly histories = new Map<string, CachedHistory>();
  private readonly catalog: ServiceCatalog;

  /** `catalog`: the service graph's (`createServiceGraph`), which every reader shares. */
  constructor(private readonly options: { ttlMs?: number; catalog: ServiceCatalog }) {
    this.catalog = options.catalog;
  }

  /** Forgets every history (the catalog has its own reset, the graph's owner's). */
  reset(): void {
    this.histories.clear();
  }

  /** The next load asks the service again (after a confirmed transaction). */
  invalidate(): void {
    this.histories.clear();
  }

  async load(
    client: ServiceClient,
    groupId: string | null,
    wallets: readonly HistoryWallet[],
    options: { force?: boolean; now?: number } = {},
  ): Promise<TransactionsView> {
    const started = performance.now();
    const now = options.now ?? Date.now();
    const before = requestsMade(client);
    const walletsKey = wallets
      .map((w) => w.address.toLowerCase())
      .sort()
      .join(',');
    const cacheKey = groupId ?? '*';
    const cached = this.histories.get(cacheKey);
    const view = (rows: TransactionRow[], fetchedAtMs: number | null, error: AppErrorData | null): TransactionsView => ({
      groupId,
      wallets: wallets.map((w) => ({ address: w.address, label: w.label })),
      rows,
      fetchedAtMs,
      stale: error !== null && fetchedAtMs !== null,
      error,
      cost: { http: requestsMade(client) - before, ms: Math.round(performance.now() - started) },
    });

    const ttl = this.options.ttlMs ?? TRANSACTIONS_TTL_MS;
    if (!options.force && cached && cached.walletsKey === walletsKey && now - cached.fetchedAtMs < ttl) {
      return view(cached.rows, cached.fetchedAtMs, null);
    }
    if (wallets.length === 0) return view([], now, null);

    try {
      const [catalog, records] = await Promise.all([this.catalog.read(client, VAULTS_TOKENS_CHAINS, { now }), this.fetchRecords(client, wallets)]);
      const index = indexCatalog(catalog);
      const rows = records.map((tx) => toTransactionRow(tx, index));
      this.histories.set(cacheKey, { walletsKey, rows, fetchedAtMs: now });
      return view(rows, now, null);
    } catch (err) {
      // Only the history of these same wallets may stand in, marked not current.
      const fallback = cached && cached.walletsKey === walletsKey ? cached : null;
      return view(fallback?.rows ?? [], fallback?.fetchedAtMs ?? null, historyError(err));
    }
  }

  private async fetchRecords(client: ServiceClient, wallets: readonly HistoryWallet[]): Promise<Transaction[]> {
    const chunks: string[][] = [];
    for (let i = 0; i < wallets.length; i += WALLETS_PER_REQUEST)
      chunks.push(wallets.slice(i, i + WALLETS_PER_REQUEST).map((w) => w.address));
    const limit = pLimit(CONCURRENCY);
    // No sort is asked (services write it differently): paging keeps each record once, and the screen sorts.
    const pages = await Promise.all(chunks.map((chunk) => limit(() => client.listAll('transactions', { filter: { walletAddress: chunk } }))));
    const byId = new Map<string, Transaction>();
    for (const page of pages) for (const tx of page) byId.set(tx._id, tx);
    return [...byId.values()];
  }
}
