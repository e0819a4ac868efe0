import { formatAmount, formatTokenAmount } from '../../../shared/domain/units';
import type { ChainTokenTotal } from './simulation-totals';

/** "+250.00 USDC", "−250.00 USDC": a net change at the token's shown decimals, the exact one on hover. */
function SignedChange({ total }: { total: ChainTokenTotal }) {
  const amount = BigInt(total.amount);
  const abs = amount < 0n ? -amount : amount;
  const sign = amount < 0n ? '−' : '+';
  return (
    <span className={`amount ${amount < 0n ? 'sim-out' : 'sim-in'}`} title={`${sign}${formatAmount(abs, total.decimals, { maxFraction: total.decimals })} ${total.symbol}`}>
      {sign}
      {formatTokenAmount(abs, total)}
    </span>
  );
}

/**
 * The simulation's summary as a small table: one line per chain and token (USDC on two chains is
 * two lines, each naming its chain), what the plan's wallets gain or lose together there.
 */
export function SimulationTotals({ totals, chainName }: { totals: readonly ChainTokenTotal[]; chainName: (chainId: number) => string }) {
  if (totals.length === 0) return null;
  return (
    <table className="table compact sim-totals-table" aria-label="Your wallets in total" data-testid="sim-per-token">
      <caption className="cell-sub">Your wallets in total, per chain and token</caption>
      <thead>
        <tr>
          <th scope="col">Chain</th>
          <th scope="col">Token</th>
          <th scope="col" className="num">
            Net change
          </th>
        </tr>
      </thead>
      <tbody>
        {totals.map((t) => (
          <tr key={`${t.chainId} ${t.token}`} data-chain-id={t.chainId}>
            <td>{chainName(t.chainId)}</td>
            <td>{t.symbol}</td>
            <td className="num">
              <SignedChange total={t} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
