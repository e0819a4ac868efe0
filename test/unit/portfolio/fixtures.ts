import type { PortfolioVault, PositionRow, RequestRow } from '../../../shared/portfolio/schemas';

/** Rows of the portfolio view model for tests: the defaults, and what each test changes. */

/** A USDC epoch vault on chain 1, read from its chain, with no cycle, APR or TVL yet. */
export const portfolioVault = (id: string, p: Partial<PortfolioVault> = {}): PortfolioVault => ({
  id,
  name: id,
  chain: { recordId: 'c', chainId: 1, name: 'Chain', explorerUrl: null },
  underlying: { symbol: 'USDC', decimals: 6, address: '0x' + '1'.repeat(40) },
  tranche: { symbol: 'AA', decimals: 18, address: '0x' + '2'.repeat(40) },
  epochVault: '0x' + '3'.repeat(40),
  queue: null,
  strategy: '0x' + '4'.repeat(40),
  kyc: { required: false, link: null },
  lenderSignatureIds: [],
  status: 'READY',
  cycle: null,
  cycleSource: null,
  apr: { current: null, last: null },
  price: '1000000',
  tvl: null,
  queues: null,
  instant: null,
  origins: { apr: null, lastApr: null, price: 'chain', tvl: null, tvlUsd: null, queues: null, instant: null },
  ...p,
});

/** An allowed wallet with nothing in the vault. */
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

/** A deposit of the service's records, claimable through the queue. */
export const requestRow = (p: Partial<RequestRow> = {}): RequestRow => ({
  id: 'r',
  wallet: '0xa',
  vaultId: 'v1',
  type: 'DEPOSIT',
  status: 'CLAIMABLE',
  isInstant: false,
  epochNumber: 1,
  amount: '1',
  amountToken: 'underlying',
  requestedAt: null,
  expectedAt: null,
  action: { kind: 'claim', functionName: 'claimDepositRequest', contract: 'queue' },
  reason: null,
  source: 'service',
  stale: false,
  ...p,
});
