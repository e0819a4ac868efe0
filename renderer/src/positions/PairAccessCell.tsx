import type { PositionRow } from '../../../shared/portfolio/schemas';
import { pairKey } from '../../../shared/positions/totals';
import { openLink } from '../components/links';
import { useAgreementsStore } from './agreements-store';
import { StaleMark } from '../batch';
import './positions.css';

/** What the agreement checks' failure means for the cells, or undefined when they did not fail. */
function agreementsFailure(error: { message: string; action?: string | null } | null): string | undefined {
  // The main side's message already says what failed ("The lender agreement checks could not be loaded: …").
  return error ? `${error.message} ${error.action ?? 'Refresh to check again.'}` : undefined;
}

/**
 * A pair's access: allowed by the vault or needing KYC (a link to the vault's KYC page when it has
 * one), and whether the wallet signed the lender agreements the vault asks for. The agreements are
 * read from their store here, so a check starting or landing renders these cells again, not the table.
 */
export function PairAccessCell({ pair, kycLink }: { pair: PositionRow; kycLink: string | undefined }) {
  const a = useAgreementsStore((s) => s.byPair.get(pairKey(pair.vaultId, pair.wallet)));
  const loading = useAgreementsStore((s) => s.loading);
  const failure = agreementsFailure(useAgreementsStore((s) => s.error));
  return (
    <div className="stack pills">
      {pair.allowed === null ? (
        <span className="cell-sub">access unknown</span>
      ) : pair.allowed ? (
        <span className="pill pill-ok">Allowed</span>
      ) : kycLink ? (
        <button
          type="button"
          className="pill pill-warn as-link"
          onClick={() => void openLink(kycLink)}
          title={`Needs KYC: ${kycLink}`}
          aria-label="Needs KYC: open the vault's KYC page"
        >
          <span className="pill-words-last">Needs </span>KYC ↗
        </button>
      ) : (
        <span className="pill pill-warn" title="Needs KYC">
          <span className="pill-words-last">Needs </span>KYC
        </span>
      )}
      {!a ? (
        <span className="cell-sub" title={failure}>
          {loading ? 'checking agreements…' : failure ? 'agreements unknown' : ''}
        </span>
      ) : a.required === 0 ? null : a.signed === a.required ? (
        <span className="pill pill-ok" title={`The wallet signed the ${a.required === 1 ? 'lender agreement' : `${a.required} lender agreements`} this vault asks for.`}>
          {/* Where the cell is too narrow for the words (compact rows at 1360 px and less), the count says it. */}
          <span className="pill-words">Agreements signed</span>
          <span className="pill-count">
            {a.signed}/{a.required} ✓
          </span>
        </span>
      ) : (
        <span
          className="pill pill-warn"
          title={`The wallet signed ${a.signed} of the ${a.required} lender agreements this vault asks for; the Signing screen signs the others.`}
        >
          {a.signed}/{a.required}
          <span className="pill-words"> agreements</span>
        </span>
      )}
      {/* The last check failed: what is shown is from the check before. */}
      {a && a.required > 0 && failure ? <StaleMark title={`Not current: ${failure}`} /> : null}
    </div>
  );
}
