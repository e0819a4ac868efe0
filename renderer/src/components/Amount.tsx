import { formatAmount } from '../../../shared/domain/units';

/** An amount in base units, shown in its token's decimals with its symbol; exact value on hover. */
export function Amount({ value, token, muted }: { value: string | null | undefined; token: { symbol: string; decimals: number }; muted?: boolean }) {
  if (value === null || value === undefined) return <span className="cell-sub">—</span>;
  const shown = formatAmount(value, token.decimals);
  const exact = formatAmount(value, token.decimals, { maxFraction: token.decimals });
  return (
    <span className={`amount${muted || value === '0' ? ' zero' : ''}`} title={`${exact} ${token.symbol}`}>
      {shown} <span className="symbol">{token.symbol}</span>
    </span>
  );
}
