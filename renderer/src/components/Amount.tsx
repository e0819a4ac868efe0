import { formatAmount } from '../../../shared/domain/units';
import { fixedAmount } from './format';

/**
 * An amount in base units with its symbol, in a fixed number of decimals per token (see
 * `shownDecimals`) so that a column of amounts lines up; the exact value on hover.
 */
export function Amount({ value, token, muted }: { value: string | null | undefined; token: { symbol: string; decimals: number }; muted?: boolean }) {
  if (value === null || value === undefined) return <span className="cell-sub">—</span>;
  const shown = fixedAmount(value, token.decimals);
  const exact = formatAmount(value, token.decimals, { maxFraction: token.decimals });
  return (
    <span className={`amount${muted || value === '0' ? ' zero' : ''}`} title={`${exact} ${token.symbol}`}>
      {shown} <span className="symbol">{token.symbol}</span>
    </span>
  );
}
