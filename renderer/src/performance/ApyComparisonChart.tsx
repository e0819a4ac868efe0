import type { PerformanceRow } from '../../../shared/insights/schemas';
import { pct } from '../components/figures';

/** A vault the chart sets apart, with the flag it carries (Defaulted, Paused, Disabled). */
interface ApartRow {
  row: PerformanceRow;
  flag: string;
}

/**
 * Realized APY per vault as horizontal bars (plain SVG, like the epoch chart): the vaults running
 * as usual ranked in the order given; below a rule, set apart and never ranked among them, the
 * defaulted and paused ones in red with their flag. Vaults without a figure are left out.
 */
export function ApyComparisonChart({ rows, apart = [] }: { rows: PerformanceRow[]; apart?: ApartRow[] }) {
  const shown = rows.filter((r) => r.realizedAPY !== null);
  const aside = apart.filter((a) => a.row.realizedAPY !== null);
  if (shown.length === 0 && aside.length === 0) return <p className="cell-sub">No realized APY to compare yet.</p>;
  const width = 760;
  const rowH = 24;
  const gap = aside.length > 0 ? rowH : 0;
  const pad = { top: 8, right: 64, bottom: 20, left: 230 };
  const height = pad.top + pad.bottom + (shown.length + aside.length) * rowH + gap;
  const max = Math.max(...shown.map((r) => r.realizedAPY!), ...aside.map((a) => a.row.realizedAPY!), 1);
  const x = (v: number) => pad.left + (Math.max(0, v) / max) * (width - pad.left - pad.right);
  const ticks = [0, max / 2, max];
  const clip = (name: string, room = 34) => (name.length > room ? `${name.slice(0, room - 1)}…` : name);
  const asideTop = pad.top + shown.length * rowH + gap;
  const bar = (r: PerformanceRow, y: number, flag: string | null) => (
    <g key={r.vault.id} data-vault-id={r.vault.id} data-set-apart={flag ?? undefined}>
      <text x={pad.left - 8} y={y + rowH / 2 + 4} className={`name${flag ? ' name-bad' : ''}`} textAnchor="end">
        {flag ? `${clip(r.vault.name, 31 - flag.length)} · ${flag}` : clip(r.vault.name)}
      </text>
      <rect x={pad.left} y={y + 4} width={Math.max(1, x(r.realizedAPY!) - pad.left)} height={rowH - 8} className={`bar${flag ? ' bar-bad' : ''}`} rx={2}>
        <title>{`${r.vault.name}: realized APY ${pct(r.realizedAPY)}${flag ? ` (${flag.toLowerCase()}: not a running vault’s rate, not ranked)` : ''}`}</title>
      </rect>
      <text x={x(r.realizedAPY!) + 6} y={y + rowH / 2 + 4} className="value">
        {pct(r.realizedAPY)}
      </text>
    </g>
  );
  return (
    <svg
      className="bar-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Realized APY of ${shown.length} vaults running as usual${aside.length > 0 ? `, ${aside.length} defaulted, paused or disabled set apart` : ''}, highest ${pct(max)}`}
    >
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={pad.top} y2={height - pad.bottom} className="grid" />
          <text x={x(t)} y={height - 6} className="tick" textAnchor="middle">
            {pct(t)}
          </text>
        </g>
      ))}
      {shown.map((r, i) => bar(r, pad.top + i * rowH, null))}
      {aside.length > 0 ? (
        <g className="set-apart">
          <line x1={8} x2={width - 8} y1={asideTop - gap / 2 - 2} y2={asideTop - gap / 2 - 2} className="rule" />
          <text x={8} y={asideTop - 4} className="tick">
            Set apart, not ranked: defaulted, paused or disabled
          </text>
        </g>
      ) : null}
      {aside.map((a, i) => bar(a.row, asideTop + i * rowH, a.flag))}
    </svg>
  );
}
