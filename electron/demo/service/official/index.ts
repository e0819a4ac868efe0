import type { SimResourceName } from '../resources';
import type { SimStore, VaultRequestRecord } from '../store';
import type { Transaction, Vault, VaultBlock, VaultEpoch, VaultPerformance } from '../records';
import { epochAprs } from './epoch-aprs';

/**
 * How the real service writes what the store keeps. The store holds the simulation's own working
 * form (the dataset's and the chain indexer's records: amounts in the token they moved, ages in
 * days, epoch rates as `apr`/`lastApr`); every answer leaves in the shapes of the protocol's own
 * data-access client:
 * - vaults: `maxCap` and `minDeposit` as `{amount, isActive}`; a hidden vault names no manager
 *   (`cdoEpoch.manager.address` is `""`);
 * - vault blocks: `totalRequests.<TYPE>.<STATUS>` as amount strings; a block's requests without `_id` or `lpAmount`;
 * - epochs: rates as `APRs {EPOCH, BUFFER, CURE, GROSS, NET, DELTA}` by the protocol's formulas
 *   (EPOCH = GROSS × D / (D + B)), no `apr`/`lastApr`; a stopped epoch is FINISHED;
 * - latest blocks: without `_id` for every vault whose id ends in an even hex digit (the docs'
 *   `VaultLatestBlock` has none), with it for the others;
 * - transactions: no `status`, `chainId`, `epochId`, `amountUSD` or `gasFeeUSD`; the protocol's type words; `amount` in tranche tokens, `tokenAmount`
 *   in the underlying, `price` between them, `tokenId` the vault's underlying;
 * - vault requests: no `_id`, no `lpAmount` (`amount` is in the underlying for every type);
 * - performance records: `age` in seconds;
 * - campaign points: `points`, `perDay`, `multiplier` as decimal strings;
 * - `/v1/vaults/performances`: one aggregate over the vaults, not a page.
 */

const E18 = 10n ** 18n;
const DAY_S = 86_400;

/** Underlying base units per 1e18 tranche tokens at a block, from the vault's blocks (a request-long cache). */
export class PriceAt {
  private readonly byVault = new Map<string, VaultBlock[]>();

  constructor(private readonly store: SimStore) {}

  price(vaultId: string, blockNumber: number, decimals: number): bigint {
    let blocks = this.byVault.get(vaultId);
    if (!blocks) {
      blocks = this.store.vaultBlocks
        .filter((b) => b.vaultId === vaultId && b.price !== undefined)
        .sort((a, b) => a.block.number - b.block.number);
      this.byVault.set(vaultId, blocks);
    }
    let price: string | undefined;
    for (const b of blocks) {
      if (b.block.number > blockNumber) break;
      price = b.price;
    }
    return BigInt(price ?? blocks[0]?.price ?? (10n ** BigInt(decimals)).toString());
  }
}

function officialVault(vault: Vault): Vault {
  const limit = (amount: unknown) => (typeof amount === 'string' ? { amount, isActive: true } : amount);
  const out: Record<string, unknown> = { ...vault };
  if (vault.maxCap !== undefined) out.maxCap = limit(vault.maxCap);
  if (vault.minDeposit !== undefined) out.minDeposit = limit(vault.minDeposit);
  if (vault.cdoEpoch && vault.visibility === 'HIDDEN') out.cdoEpoch = { ...vault.cdoEpoch, manager: { address: '' } };
  return out as Vault;
}

/**
 * A request as the protocol's records carry it: no `_id`, and no `lpAmount` (absent from the docs'
 * interface and the official mock, `VaultBlockRequestMock`): `amount` is in the underlying for
 * every type, so a withdrawal's tranche amount is only on chain (`userWithdrawalsEpochs`).
 */
function officialRequest(request: VaultRequestRecord): Record<string, unknown> {
  const { _id: _ignored, lpAmount: _lp, ...rest } = request;
  return rest;
}

/** Open requests and their amounts per type and status, as the protocol's latest block carries them. */
export function officialBlock(block: VaultBlock, requests?: readonly VaultRequestRecord[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...block };
  if (requests) {
    const totals: Record<string, Record<string, bigint>> = {};
    for (const r of requests) {
      const byStatus = (totals[r.type] ??= {});
      byStatus[r.status] = (byStatus[r.status] ?? 0n) + BigInt(r.amount);
    }
    out.requests = requests.map(officialRequest);
    out.totalRequests = Object.fromEntries(
      Object.entries(totals).map(([type, byStatus]) => [
        type,
        Object.fromEntries(Object.entries(byStatus).map(([s, v]) => [s, v.toString()])),
      ]),
    );
  }
  return out;
}

/**
 * A latest block as the docs' `VaultLatestBlock` has it: without `_id` (a latest block is known by
 * its `vaultId`). The protocol's own client reads latest blocks as `VaultBlock`s, which carry one,
 * so both forms are served, by a fixed rule: the latest block of a vault whose id ends in an even
 * hex digit leaves without `_id`, the others with it.
 */
export function officialLatestBlock(block: Record<string, unknown>): Record<string, unknown> {
  const vaultId = String(block.vaultId ?? '');
  if (parseInt(vaultId.slice(-1), 16) % 2 !== 0) return block;
  const { _id: _ignored, ...rest } = block;
  return rest;
}

/**
 * An epoch as the protocol's records carry it: its rates as `APRs` by the protocol's formulas
 * (`epoch-aprs.ts`; the stored `apr` is the cycle's rate, GROSS), a stopped epoch FINISHED. An
 * epoch under cure counts the cure from `previousEndDate`.
 */
function officialEpoch(epoch: VaultEpoch, feePercentage: number, previousEndDate?: string): Record<string, unknown> {
  const { apr, lastApr, ...rest } = epoch;
  const cureSeconds =
    epoch.status === 'CURE' && previousEndDate && epoch.startDate ? Math.max(0, (Date.parse(epoch.startDate) - Date.parse(previousEndDate)) / 1000) : 0;
  return {
    ...rest,
    status: epoch.status === 'CLOSED' ? 'FINISHED' : epoch.status,
    APRs: epochAprs({
      gross: apr ?? 0,
      lastGross: lastApr,
      feePercentage,
      epochSeconds: epoch.duration ?? 0,
      bufferSeconds: epoch.bufferDuration ?? 0,
      cureSeconds,
    }),
  };
}

/** The protocol's word for what the simulation records as a coarse type and the token it moved. */
function transactionType(type: string, movedUnderlying: boolean): string {
  switch (type) {
    case 'WITHDRAW':
      return 'REQUEST_WITHDRAW';
    case 'CLAIM':
      return movedUnderlying ? 'CLAIM_WITHDRAW_REQUEST' : 'CLAIM_DEPOSIT_REQUEST';
    case 'CANCEL':
      return movedUnderlying ? 'DELETE_DEPOSIT_REQUEST' : 'DELETE_WITHDRAW_REQUEST';
    default:
      return type;
  }
}

export function officialTransaction(tx: Transaction, store: SimStore, prices: PriceAt): Record<string, unknown> {
  // The protocol's `TransactionData` has no status, chain, epoch or USD figure: the chain is the
  // vault's, and a USD value is the reader's to compute from `tokenAmount` and a price.
  const { status: _status, chainId: _chain, epochId: _epoch, amountUSD: _usd, gasFeeUSD: _gas, ...rest } = tx;
  const vault = tx.vaultId ? store.vaults.get(tx.vaultId) : undefined;
  if (!vault || tx.amount === undefined) return { ...rest, type: transactionType(tx.type, true) };
  const decimals = store.tokens.get(vault.tokenId)?.decimals ?? 18;
  const price = prices.price(vault._id, tx.block?.number ?? Number.MAX_SAFE_INTEGER, decimals);
  const movedUnderlying = tx.tokenId === undefined || tx.tokenId === vault.tokenId;
  const moved = BigInt(tx.amount);
  const tranche = movedUnderlying ? (price > 0n ? (moved * E18) / price : 0n) : moved;
  const underlying = movedUnderlying ? moved : (moved * price) / E18;
  return {
    ...rest,
    type: transactionType(tx.type, movedUnderlying),
    tokenId: vault.tokenId,
    vaultAddress: vault.address,
    amount: tranche.toString(),
    tokenAmount: underlying.toString(),
    price: price.toString(),
  };
}

function officialPerformance(perf: VaultPerformance): Record<string, unknown> {
  return { ...perf, age: perf.age * DAY_S };
}

const decimal = (n: number) => String(Math.round(n * 100) / 100);

export function officialPoints(
  points: { points: number; perDay: number; multiplier: number } & Record<string, unknown>,
): Record<string, unknown> {
  return { ...points, points: decimal(points.points), perDay: decimal(points.perDay), multiplier: decimal(points.multiplier) };
}

/** `/v1/vaults/performances`: the aggregate of every vault's latest block (the query may narrow it; this service does not). */
export function performancesAggregate(store: SimStore): Record<string, unknown> {
  let tvl = 0n;
  let credit = 0n;
  const aprs: number[] = [];
  let vaults = 0;
  for (const vault of store.vaults.values()) {
    const block = store.latestVaultBlock(vault._id);
    if (!block) continue;
    vaults += 1;
    tvl += BigInt(block.TVL?.USD ?? '0');
    credit += BigInt(block.TVL?.USD ?? '0');
    if (block.APRs?.NET !== undefined) aprs.push(block.APRs.NET);
  }
  const avg = aprs.length > 0 ? Math.round((aprs.reduce((s, x) => s + x, 0) / aprs.length) * 100) / 100 : 0;
  return {
    TVL: tvl.toString(),
    creditExtended: credit.toString(),
    tokens: [],
    chains: [],
    APRs: { MAX: aprs.length > 0 ? Math.max(...aprs) : 0, MIN: aprs.length > 0 ? Math.min(...aprs) : 0, AVG: avg },
    vaults,
  };
}

/** A stored record of a list resource as the service writes it. */
export function officialRecord(name: SimResourceName, record: { _id: string }, store: SimStore, prices: PriceAt): Record<string, unknown> {
  switch (name) {
    case 'vaults':
      return officialVault(record as Vault & { _id: string }) as Record<string, unknown>;
    case 'vaultBlocks':
      return officialBlock(record as VaultBlock);
    case 'vaultEpochs': {
      const epoch = record as VaultEpoch;
      const previous = epoch.status === 'CURE' ? store.vaultEpochs.find((e) => e.vaultId === epoch.vaultId && e.count === epoch.count - 1) : undefined;
      return officialEpoch(epoch, store.vaults.get(epoch.vaultId)?.feePercentage ?? 0, previous?.endDate);
    }
    case 'transactions':
      return officialTransaction(record as Transaction, store, prices);
    case 'vaultRequests':
      return officialRequest(record as VaultRequestRecord);
    case 'vaultPerformances':
      return officialPerformance(record as VaultPerformance);
    default:
      return record;
  }
}
