import type { Claimable, PortfolioVault, RequestRow, TokenRef } from '../../../shared/portfolio/schemas';
import { PHASE_WORDS } from '../../../shared/portfolio/request-phase';
import { requestEpochWords } from '../../../shared/portfolio/request-epoch';
import { formatTokenAmount } from '../../../shared/domain/units';
import { formatDate } from '../components/locale';
import { actionLabel, overdueOf } from '../batch';

export function claimToken(token: 'underlying' | 'tranche', v: PortfolioVault): TokenRef {
  return token === 'tranche' ? v.tranche : v.underlying;
}

/** A claim in one line of text, for a tooltip: the call, its epoch and the request it claims. */
export function claimLine(k: Claimable, v: PortfolioVault | undefined): string {
  return [
    actionLabel(k.functionName, k.contract),
    k.epochNumber !== null ? `epoch ${k.epochNumber}` : null,
    k.amount !== null && v ? `requested ${formatTokenAmount(k.amount, claimToken(k.amountToken, v))}` : null,
    k.receive && v ? `pays ${k.receive.estimate ? '≈ ' : ''}${formatTokenAmount(k.receive.amount, claimToken(k.receive.token, v))}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A request's phase in words; a type the console does not act on keeps the service's status word. */
export const phaseText = (r: Pick<RequestRow, 'phase' | 'status'>) =>
  r.phase === 'other' ? r.status.toLowerCase() : PHASE_WORDS[r.phase].toLowerCase();

/** A pending request in one line of text, for a tooltip: type, amount, status, epoch and expected date. */
export function requestLine(r: RequestRow, v: PortfolioVault, readAtMs: number): string {
  const overdue = overdueOf(r, v.cycle, readAtMs);
  return [
    `${r.type.charAt(0)}${r.type.slice(1).toLowerCase()} ${formatTokenAmount(r.amount, r.amountToken === 'tranche' ? v.tranche : v.underlying)}`,
    `${phaseText(r)}${r.isInstant ? ' instant' : ''}`,
    requestEpochWords(r)?.long ?? null,
    r.expectedAt ? `${overdue ? 'overdue since' : 'by'} ${formatDate(r.expectedAt * 1000)}${overdue ? `: ${overdue}` : ''}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
