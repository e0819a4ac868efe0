import type { PerformanceRow } from '../../../shared/insights/schemas';
import { pct } from '../components/figures';

/**
 * Realized APY per vault as horizontal bars, in the order given (plain SVG, like the epoch chart).
 * Vaults without a figure are left out and counted below.
 */
export function ApyComparisonChart({ rows }: { rows: PerformanceRow[] }) {
  const shown = rows.filter((r) => r.realizedAPY !== null);
  if (shown.length === 0) return <p className="cell-sub">No realized APY to compare yet.</p>;
  const width = 760;
  const rowH = 24;
  const pad = { top: 8, right: 64, bottom: 20, left: 230 };
  const height = pad.top + pad.bottom + shown.length * rowH;
  const max = Math.max(...shown.map((r) => r.realizedAPY!), 1);
  const x = (v: number) => pad.left + (Math.max(0, v) / max) * (width - pad.left - pad.right);
  const ticks = [0, max / 2, max];
  const clip = (name: string) => (name.length > 34 ? `${name.slice(0, 33)}…` : name);
  return (
    <svg className="bar-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`Realized APY of ${shown.length} vaults, highest ${pct(max)}`}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={pad.top} y2={height - pad.bottom} className="grid" />
          <text x={x(t)} y={height - 6} className="tick" textAnchor="middle">
            {pct(t)}
          </text>
        </g>
      ))}
      {shown.map((r, i) => {
        const y = pad.top + i * rowH;
        return (
          <g key={r.vault.id} data-vault-id={r.vault.id}>
            <text x={pad.left - 8} y={y + rowH / 2 + 4} className="name" textAnchor="end">
              {clip(r.vault.name)}
            </text>
            <rect x={pad.left} y={y + 4} width={Math.max(1, x(r.realizedAPY!) - pad.left)} height={rowH - 8} className="bar" rx={2}>
              <title>{`${r.vault.name}: realized APY ${pct(r.realizedAPY)}`}</title>
            </rect>
            <text x={x(r.realizedAPY!) + 6} y={y + rowH / 2 + 4} className="value">
              {pct(r.realizedAPY)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
