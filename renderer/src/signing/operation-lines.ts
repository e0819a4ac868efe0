import { depositRoute, withdrawRoute, type Routed, type VaultRoutingFacts } from '../../../shared/domain/actions';
import { generationRules } from '../../../shared/domain/generation-rules';
import { parseAmount, type NumberMarks } from '../../../shared/domain/units';
import type { Portfolio, PortfolioVault } from '../../../shared/portfolio/schemas';
import { chainClockOffset } from '../batch';
import { chainsWithoutRpc } from '../components/NoRpcNotice';
import type { OperationDraft } from './signing-store';

/**
 * The lines of a new operation as the form checks them: per vault, the route its cycle and its
 * contracts' generations give the action now, the amount typed, and what blocks it.
 */

type Action = OperationDraft['action'];

/** One vault of the operation as the form checks it: its route now, its token, the amount typed. */
export interface VaultLine {
  vault: PortfolioVault;
  amount: string;
  route: Routed | null;
  token: PortfolioVault['underlying'];
  parsed: ReturnType<typeof parseAmount> | null;
  blocked: string | null;
  invalid: string | null;
  noRpc: Portfolio['sources'][number] | null;
}

export function lineOf(
  data: Portfolio,
  vault: PortfolioVault,
  amount: string,
  action: Action,
  needsAmount: boolean,
  marks: NumberMarks,
  direct = false,
): VaultLine {
  const cycle = vault.cycle;
  const facts: VaultRoutingFacts | null = cycle
    ? {
        state: cycle.state,
        hasQueue: vault.queue !== null,
        hasWithdrawQueue: generationRules(vault.generations).queueTakesWithdrawals && vault.withdrawQueue !== null,
        paused: cycle.paused,
        depositDuringEpoch: vault.depositDuringEpoch ?? false,
        prefunded:
          vault.prefunded && cycle.epochEnd !== null
            ? {
                ...vault.prefunded,
                epochEndDate: cycle.epochEnd,
                now: Math.floor(Date.now() / 1000) + chainClockOffset(cycle, data.generatedAtMs),
              }
            : null,
      }
    : null;
  const route = facts
    ? action === 'deposit'
      ? depositRoute(facts, { direct })
      : action === 'withdraw'
        ? withdrawRoute(facts)
        : null
    : null;
  const token = action === 'deposit' ? vault.underlying : vault.tranche;
  // Typed in the reader's locale ("250,5" in French), sent in plain digits with a point.
  const parsed = needsAmount ? parseAmount(amount, token.decimals, marks) : null;
  return {
    vault,
    amount,
    route,
    token,
    parsed,
    blocked: route && !route.ok ? route.reason : null,
    invalid: parsed && !parsed.ok && amount.trim() !== '' ? parsed.reason : null,
    // Live, a chain with no RPC of the operator's is never planned on: its figures are the service's only.
    noRpc: chainsWithoutRpc(data.sources, vault.chain.chainId)[0] ?? null,
  };
}

/** What the route of a vault means for the operator, in one line. */
export function routeText(line: VaultLine): string | null {
  if (!line.route?.ok) return null;
  const { route } = line.route;
  const { vault } = line;
  return route.call.functionName === 'depositAA'
    ? `Between epochs: a direct deposit (depositAA), approving ${vault.underlying.symbol} to the epoch vault.`
    : route.call.functionName === 'depositDuringEpoch'
      ? `The epoch is running: a direct deposit into the vault (depositDuringEpoch), tranche tokens at once at a price that leaves out the interest already earned, approving ${vault.underlying.symbol} to the epoch vault.`
      : route.call.functionName === 'requestDeposit'
        ? `The epoch is running: a deposit request in the queue (requestDeposit), approving ${vault.underlying.symbol} to the queue.`
        : route.creates === 'REDEEM'
          ? 'Between epochs: a redeem request on the epoch vault (no approval needed).'
          : `The epoch is running: a withdraw request in the queue, approving ${vault.tranche.symbol} to the queue.`;
}

