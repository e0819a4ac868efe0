const DAY_FORMAT = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const UTC = (s: number) => `${new Date(s * 1000).toISOString().replace('T', ' ').slice(0, 16)} UTC`;

interface LinePoint {
  /** Unix seconds. */
  at: number;
  value: number;
}

/**
 * A time series as a small line chart (plain SVG, like the epoch chart): three value ticks, the
 * first, middle and last dates, and each point's date and value on hover.
 */
export function LineChart({ points, format, label, className }: { points: LinePoint[]; format: (v: number) => string; label: string; className?: string }) {
  if (points.length === 0) return <p className="cell-sub">No records yet.</p>;
  if (points.length === 1) {
    // One point is not a line: say it in words.
    const only = points[0]!;
    return (
      <p className="cell-sub" title={UTC(only.at)}>
        One record so far: {format(only.value)} on {DAY_FORMAT.format(new Date(only.at * 1000))}.
      </p>
    );
  }
  const width = 640;
  const height = 150;
  const pad = { top: 12, right: 12, bottom: 22, left: 64 };
  const values = points.map((p) => p.value);
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  // A flat series still needs a band to sit in.
  if (hi - lo < Math.abs(hi) * 1e-6 || hi === lo) {
    const spread = Math.abs(hi) * 0.01 || 1;
    lo -= spread;
    hi += spread;
  }
  const t0 = points[0]!.at;
  const t1 = points.at(-1)!.at;
  const x = (t: number) => (t1 === t0 ? (pad.left + width - pad.right) / 2 : pad.left + ((t - t0) / (t1 - t0)) * (width - pad.left - pad.right));
  const y = (v: number) => pad.top + (1 - (v - lo) / (hi - lo)) * (height - pad.top - pad.bottom);
  const ticks = [lo, (lo + hi) / 2, hi];
  const dates = [...new Set([points[0]!, points[Math.floor(points.length / 2)]!, points.at(-1)!])];
  const last = points.at(-1)!;
  return (
    <svg className={`line-chart${className ? ` ${className}` : ''}`} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${label}: ${points.length} records, latest ${format(last.value)}`}>
      {ticks.map((t, i) => (
        <g key={i}>
          <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} className="grid" />
          <text x={pad.left - 6} y={y(t) + 4} className="tick" textAnchor="end">
            {format(t)}
          </text>
        </g>
      ))}
      {dates.map((p) => (
        <text key={p.at} x={x(p.at)} y={height - 6} className="tick" textAnchor={p === points[0] ? 'start' : p === last ? 'end' : 'middle'}>
          {DAY_FORMAT.format(new Date(p.at * 1000))}
        </text>
      ))}
      <polyline className="line" points={points.map((p) => `${x(p.at)},${y(p.value)}`).join(' ')} />
      {points.map((p) => (
        <circle key={p.at} cx={x(p.at)} cy={y(p.value)} r={points.length > 60 ? 1.5 : 3} className="dot">
          <title>{`${UTC(p.at)}: ${format(p.value)}`}</title>
        </circle>
      ))}
    </svg>
  );
}
