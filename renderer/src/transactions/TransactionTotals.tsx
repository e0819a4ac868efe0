import type { transactionTotals } from '../../../shared/transactions/filter';
import { transactionTypeWords } from '../../../shared/transactions/type-words';
import { Amount } from '../components/Amount';

/** Totals of the transactions shown, per type, each in its own tokens (a type's amounts in two tokens are never added). */
export function TransactionTotals({
  shownCount,
  byType,
}: {
  shownCount: number;
  byType: readonly [string, ReturnType<typeof transactionTotals>][];
}) {
  return (
    <section className="tx-totals" aria-label="Totals of the transactions shown">
      <h2 className="tx-totals-title">
        Totals of the {shownCount} transaction{shownCount === 1 ? '' : 's'} shown, per type and token
      </h2>
      <dl>
        {byType.map(([txType, list]) => (
          <div key={txType} className="tx-totals-line">
            <dt>
              {transactionTypeWords(txType).words} <span className="cell-sub">× {list.reduce((n, t) => n + t.count, 0)}</span>
            </dt>
            <dd>
              {list.map((t) => (
                <span
                  key={t.token?.symbol ?? '?'}
                  className="tx-total"
                  data-total-type={t.type}
                  data-total-symbol={t.token?.symbol ?? ''}
                  data-total-count={t.count}
                >
                  {t.token ? <Amount value={t.amount.toString()} token={t.token} /> : `${t.amount} base units`}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
