import type { PortfolioVault, RequestRow } from '../../../shared/portfolio/schemas';
import { Amount } from '../components/Amount';

/**
 * A request's amount in the unit it is known in, and what its claim pays. A withdrawal whose record
 * states only its underlying value (no `lpAmount`, the queue not read) says so rather than pass
 * for tranche tokens; what a claim pays is marked "≈" until the contracts have fixed its price.
 */
export function RequestAmounts({ row, vault }: { row: Pick<RequestRow, 'type' | 'amount' | 'amountToken' | 'amountFrom' | 'receive' | 'phase'>; vault: PortfolioVault }) {
  const token = (t: 'underlying' | 'tranche') => (t === 'tranche' ? vault.tranche : vault.underlying);
  const asRecorded = row.type === 'WITHDRAW' && row.amountToken === 'underlying';
  const paid = row.phase === 'claimed';
  return (
    <div className="stack right" data-amount-token={row.amountToken} data-amount-from={row.amountFrom}>
      <span title={asRecorded ? 'The service states this withdrawal by its value in the underlying; the tranche tokens it moved were not read' : undefined}>
        <Amount value={row.amount} token={token(row.amountToken)} />
        {asRecorded ? <span className="cell-sub"> (value as recorded)</span> : null}
      </span>
      {row.receive && !paid && row.receive.token !== row.amountToken ? (
        // Under the column's "pays": what the claim will deliver, "≈" while its price is not fixed.
        <span
          className="cell-sub"
          data-receive={row.receive.estimate ? 'estimate' : 'fixed'}
          title={row.receive.estimate ? 'What its claim pays, estimated: the epoch’s price is not fixed yet' : 'What its claim pays, at the epoch’s price'}
        >
          {row.receive.estimate ? '≈ ' : '= '}
          <Amount value={row.receive.amount} token={token(row.receive.token)} />
        </span>
      ) : null}
    </div>
  );
}
