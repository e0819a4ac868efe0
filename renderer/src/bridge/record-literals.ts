import { recordLiteral } from '../../../shared/ipc/wire';
import type { Portfolio, PositionRow, RequestRow } from '../../../shared/portfolio/schemas';

// The long lists the renderer receives, each as one object literal over its table's columns (see
// shared/ipc/wire.ts, RecordLiteral): a portfolio of 10,000 wallets holds 100,000 positions and tens
// of thousands of requests, and the Positions screen cannot show its first row before they are
// built. Keys in the schemas' order, which is the order the main side sends them in (its answers
// are the schemas' parse output); a table in any other form is built the general way.

/** A wallet's position in a vault (PositionRowSchema). */
export const positionRow = recordLiteral<PositionRow>((c) => (r) => ({
  wallet: c.wallet(r),
  vaultId: c.vaultId(r),
  allowed: c.allowed(r),
  trancheBalance: c.trancheBalance(r),
  value: c.value(r),
  underlyingBalance: c.underlyingBalance(r),
  maxWithdrawable: c.maxWithdrawable(r),
  pendingDeposit: c.pendingDeposit(r),
  pendingWithdraw: c.pendingWithdraw(r),
  pendingRedeem: c.pendingRedeem(r),
  pendingInstantRedeem: c.pendingInstantRedeem(r),
  allowance: c.allowance(r),
  claimable: c.claimable(r),
  stale: c.stale(r),
}));

/** A deposit, withdraw or redeem request of a wallet in a vault (RequestRowSchema). */
export const requestRow = recordLiteral<RequestRow>((c) => (r) => ({
  id: c.id(r),
  wallet: c.wallet(r),
  vaultId: c.vaultId(r),
  type: c.type(r),
  status: c.status(r),
  isInstant: c.isInstant(r),
  epochNumber: c.epochNumber(r),
  phase: c.phase(r),
  amount: c.amount(r),
  amountToken: c.amountToken(r),
  amountFrom: c.amountFrom(r),
  receive: c.receive(r),
  requestedAt: c.requestedAt(r),
  expectedAt: c.expectedAt(r),
  action: c.action(r),
  reason: c.reason(r),
  source: c.source(r),
  stale: c.stale(r),
}));

/** A wallet of the batch with its label (PortfolioWalletSchema). */
export const walletRow = recordLiteral<Portfolio['wallets'][number]>((c) => (r) => ({ address: c.address(r), label: c.label(r) }));

export const RECORD_LITERALS = [positionRow, requestRow, walletRow];
