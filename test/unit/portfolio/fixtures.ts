import type { PortfolioVault, PositionRow, RequestRow } from '../../../shared/portfolio/schemas';
import type { PositionRecord, PositionRecordRow, PositionRecords } from '../../../shared/positions/schemas';

/** An epoch vault of a portfolio view, USDC underneath, read from its chain; tests set what they look at. */
export const portfolioVault = (id: string, p: Partial<PortfolioVault> = {}): PortfolioVault => ({
  id,
  name: id,
  chain: { recordId: 'c', chainId: 1, name: 'Chain', explorerUrl: null },
  underlying: { symbol: 'USDC', decimals: 6, address: '0x' + '1'.repeat(40) },
  tranche: { symbol: 'AA', decimals: 18, address: '0x' + '2'.repeat(40) },
  epochVault: '0x' + '3'.repeat(40),
  queue: null,
  withdrawQueue: null,
  strategy: '0x' + '4'.repeat(40),
  abiCodes: { epochVault: null, queue: null, withdrawQueue: null, strategy: null },
  generations: null,
  kyc: { required: false, link: null },
  lenderSignatureIds: [],
  status: 'READY',
  cycle: null,
  cycleSource: null,
  apr: { current: null, last: null },
  price: '1000000',
  tvl: null,
  // A TVL given with its USD stands for one service snapshot: its price is theirs.
  usdPrice: p.tvl?.usd ? { usd: p.tvl.usd, token: p.tvl.token, block: 1, at: 0 } : null,
  queues: null,
  instant: null,
  origins: { apr: null, lastApr: null, price: 'chain', tvl: null, tvlUsd: null, queues: null, instant: null },
  ...p,
});

/** A wallet's position in a vault: allowed, holding nothing, nothing pending. */
export const positionRow = (vaultId: string, wallet: string, p: Partial<PositionRow> = {}): PositionRow => ({
  wallet,
  vaultId,
  allowed: true,
  trancheBalance: '0',
  value: '0',
  underlyingBalance: '0',
  maxWithdrawable: null,
  pendingDeposit: '0',
  pendingWithdraw: '0',
  pendingRedeem: '0',
  pendingInstantRedeem: '0',
  allowance: null,
  claimable: [],
  stale: false,
  ...p,
});

/** A deposit request the service says can be claimed through the queue. */
export const requestRow = (p: Partial<RequestRow> = {}): RequestRow => ({
  id: 'r',
  wallet: '0xa',
  vaultId: 'v1',
  type: 'DEPOSIT',
  status: 'CLAIMABLE',
  isInstant: false,
  epochNumber: 1,
  phase: 'claimable',
  amount: '1',
  amountToken: 'underlying',
  amountFrom: 'service',
  receive: null,
  requestedAt: null,
  expectedAt: null,
  action: { kind: 'claim', functionName: 'claimDepositRequest', contract: 'queue' },
  reason: null,
  source: 'service',
  stale: false,
  ...p,
});

/** A pair's position record as the service gave it, or (null) one it could not give. */
export const positionRecordRow = (
  vaultId: string,
  wallet: string,
  r: PositionRecord | null,
  extra: Partial<PositionRecordRow> = {},
): PositionRecordRow => ({
  wallet,
  vaultId,
  record: r,
  fetchedAtMs: r ? 1 : null,
  stale: false,
  behindChain: false,
  error: r ? null : { code: 'SERVICE_UNAVAILABLE', message: 'down' },
  ...extra,
});

/** The position records of a batch, all current. */
export const positionRecords = (rows: PositionRecordRow[]): PositionRecords => ({
  groupId: null,
  rows,
  skippedPairs: 0,
  source: { id: 'service:positions', label: 'Position records', ok: true, fetchedAtMs: 1, stale: false, error: null },
  ttlMs: 300_000,
  checkedAtMs: 1,
  cost: { http: 0, ms: 0 },
});
