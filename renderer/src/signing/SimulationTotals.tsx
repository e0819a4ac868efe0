import { formatAmount, formatTokenAmount } from '../../../shared/domain/units';
import { SimpleTable } from '../components/SimpleTable';
import type { ChainTokenTotal } from './simulation-totals';
import './what-will-change.css';

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
  return (
    <SimpleTable
      compact
      className="sim-totals-table"
      label="Your wallets in total"
      testId="sim-per-token"
      caption="Your wallets in total, per chain and token"
      columns={[
        { key: 'chain', header: 'Chain', cell: (t) => chainName(t.chainId) },
        { key: 'token', header: 'Token', cell: (t) => t.symbol },
        { key: 'change', header: 'Net change', numeric: true, cell: (t) => <SignedChange total={t} /> },
      ]}
      rows={totals}
      rowKey={(t) => `${t.chainId} ${t.token}`}
      rowProps={(t) => ({ 'data-chain-id': t.chainId })}
    />
  );
}
