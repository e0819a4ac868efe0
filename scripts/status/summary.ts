import type { Portfolio, PortfolioVault } from '../../shared/portfolio/schemas';
import type { SetAsideRecord } from '../../shared/service';
import { vaultFigures, type StatusVaultFigures } from './vault-figures';

const pick = (t: { symbol: string; decimals: number }) => ({ symbol: t.symbol, decimals: t.decimals });

/**
 * What `npm run status` reports of a portfolio, as one object: the JSON line scripts read, and what
 * the human output is printed from. Counts are of what is shown: the vaults the portfolio follows,
 * the open requests of the chosen wallets, the records the service client set aside.
 */

export interface StatusSource {
  id: string;
  label: string;
  ok: boolean;
  /** Shown figures from this source are from an earlier read. */
  stale: boolean;
  /** What went wrong and what to do, or that it answered. */
  message: string;
}

interface StatusRequest {
  vaultId: string;
  type: string;
  status: string;
  epochNumber: number | null;
  isInstant: boolean;
  /** pending, processed, claimable, claimed or other (shared/portfolio/request-phase.ts). */
  phase: string;
  amount: string;
  symbol: string;
  decimals: number;
  /** Where the amount was read: lpAmount, chain, or the service's amount (in the underlying). */
  amountFrom: string;
  /** What its claim will pay, or null when no price is known. */
  pays: { amount: string; symbol: string; decimals: number; estimate: boolean } | null;
  expectedAt: number | null;
  /** `claim` or `cancel` when the cycle allows it now, else null (then `reason` says why). */
  action: string | null;
  reason: string | null;
}

interface StatusClaim {
  vaultId: string;
  kind: string;
  epochNumber: number | null;
  amount: string | null;
  symbol: string;
  decimals: number;
  functionName: string;
  /** What the claim will pay, or null when no price is known. */
  pays: { amount: string; symbol: string; decimals: number; estimate: boolean } | null;
}

export interface StatusWallet {
  address: string;
  label: string;
  requests: StatusRequest[];
  /** What the chain says can be claimed now. */
  claimable: StatusClaim[];
}

export interface StatusVault {
  id: string;
  name: string;
  chainId: number;
  chain: string;
  state: string | null;
  epochNumber: number | null;
  /** Where the cycle was read: the chain, or the service's latest block when the chain did not answer. */
  cycleSource: string | null;
  nextEvent: { kind: string; label: string; at: number } | null;
  underlying: { symbol: string; decimals: number };
  /** The figures an operator acts on (requests by type and phase, rates, TVL), each with its source. */
  figures: StatusVaultFigures;
}

export interface StatusSummary {
  service: string;
  generatedAt: string;
  /** Where the wallets came from (given, the wallet book, a group of it). */
  walletsFrom: string;
  wallets: number;
  vaults: number;
  requests: number;
  claimable: number;
  rejected: number;
  sources: StatusSource[];
  vaultList: StatusVault[];
  walletList: StatusWallet[];
  /** The records set aside, with where and why (the first 100). */
  setAside: SetAsideRecord[];
}

const SHOWN_SET_ASIDE = 100;

export function summarize(
  view: Portfolio,
  setAside: readonly SetAsideRecord[],
  context: { service: string; walletsFrom: string },
): StatusSummary {
  const vaultById = new Map(view.vaults.map((v) => [v.id, v]));
  const tokenOf = (vault: PortfolioVault | undefined, which: 'underlying' | 'tranche') =>
    vault ? vault[which] : { symbol: '?', decimals: 18, address: '' };
  // An amount of a request or a claim with the symbol and decimals of the vault's token it is counted in.
  const inToken = <A extends string | null>(vaultId: string, which: 'underlying' | 'tranche', amount: A) => ({
    amount,
    ...pick(tokenOf(vaultById.get(vaultId), which)),
  });
  const paysOf = (vaultId: string, receive: { amount: string; token: 'underlying' | 'tranche'; estimate: boolean } | null) =>
    receive ? { ...inToken(vaultId, receive.token, receive.amount), estimate: receive.estimate } : null;
  const walletList: StatusWallet[] = view.wallets.map((w) => {
    const mine = (x: { wallet: string }) => x.wallet.toLowerCase() === w.address.toLowerCase();
    return {
      address: w.address,
      label: w.label,
      requests: view.requests
        .filter((r) => mine(r) && r.phase !== 'claimed')
        .map((r) => ({
          vaultId: r.vaultId,
          type: r.type,
          status: r.status,
          epochNumber: r.epochNumber,
          isInstant: r.isInstant,
          phase: r.phase,
          ...inToken(r.vaultId, r.amountToken, r.amount),
          amountFrom: r.amountFrom,
          pays: paysOf(r.vaultId, r.receive),
          expectedAt: r.expectedAt,
          action: r.action?.kind ?? null,
          reason: r.reason,
        })),
      claimable: view.positions.filter(mine).flatMap((p) =>
        p.claimable.map((c) => ({
          vaultId: p.vaultId,
          kind: c.kind,
          epochNumber: c.epochNumber,
          ...inToken(p.vaultId, c.amountToken, c.amount),
          functionName: c.functionName,
          pays: paysOf(p.vaultId, c.receive),
        })),
      ),
    };
  });
  return {
    service: context.service,
    generatedAt: new Date(view.generatedAtMs).toISOString(),
    walletsFrom: context.walletsFrom,
    wallets: view.wallets.length,
    vaults: view.vaults.length,
    requests: view.requests.filter((r) => r.phase !== 'claimed').length,
    claimable: walletList.reduce((n, w) => n + w.claimable.length, 0),
    rejected: setAside.length,
    sources: view.sources.map((s) => ({
      id: s.id,
      label: s.label,
      ok: s.ok,
      stale: s.stale,
      message: s.ok ? 'answered' : [s.error?.message, s.error?.action].filter(Boolean).join(' ') || 'did not answer',
    })),
    vaultList: view.vaults.map((v) => ({
      id: v.id,
      name: v.name,
      chainId: v.chain.chainId,
      chain: v.chain.name,
      state: v.cycle?.state ?? null,
      epochNumber: v.cycle?.epochNumber ?? null,
      cycleSource: v.cycleSource,
      nextEvent: v.cycle?.nextEvent ?? null,
      underlying: { symbol: v.underlying.symbol, decimals: v.underlying.decimals },
      figures: vaultFigures(view, v),
    })),
    walletList,
    setAside: setAside.slice(0, SHOWN_SET_ASIDE),
  };
}

/** Nothing could be read: no vault to show and the service did not answer. */
export function nothingRead(summary: StatusSummary): StatusSource | null {
  const service = summary.sources.find((s) => s.id === 'service');
  return summary.vaults === 0 && service && !service.ok ? service : null;
}
