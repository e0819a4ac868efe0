import type { Plan } from '../../../shared/signing/schemas';
import './plan-review.css';

/** The plan's calls by how the Ledger shows them: in clear (descriptor or token information) or blind, by function. */
function callsByReview(items: Plan['items']): { clear: Map<string, number>; blind: Map<string, number> } {
  const clear = new Map<string, number>();
  const blind = new Map<string, number>();
  for (const item of items) {
    if (item.review?.kind !== 'transaction') continue;
    const into = item.review.blindSigning ? blind : clear;
    into.set(item.review.functionName, (into.get(item.review.functionName) ?? 0) + 1);
  }
  return { clear, blind };
}

const total = (calls: Map<string, number>) => [...calls.values()].reduce((a, b) => a + b, 0);
const named = (calls: Map<string, number>) => [...calls].map(([fn, n]) => (n > 1 ? `${fn} ×${n}` : fn)).join(', ');
const plural = (n: number) => `${n} call${n === 1 ? '' : 's'}`;

/**
 * One line above Sign that says which of the plan's calls the Ledger shows in clear (their intent
 * and fields, nothing to acknowledge) and which blind (compared by their hash): a deposit's
 * approval of a token Ledger has no information for is blind while the deposit itself is clear.
 */
export function PlanLedgerShows({ items }: { items: Plan['items'] }) {
  const { clear, blind } = callsByReview(items);
  if (clear.size === 0 && blind.size === 0) return null;
  const inClear = `in clear (${named(clear)}): compare their fields on the device`;
  const inBlind = `blind (${named(blind)}): compare each one's hash`;
  return (
    <p className="plan-ledger-shows" data-testid="plan-ledger-shows">
      {blind.size === 0
        ? `The Ledger shows all ${plural(total(clear))} ${inClear}; no blind signing is needed.`
        : clear.size === 0
          ? `The Ledger shows all ${plural(total(blind))} ${inBlind}.`
          : `The Ledger shows ${plural(total(clear))} ${inClear}, and ${plural(total(blind))} ${inBlind}.`}
    </p>
  );
}
