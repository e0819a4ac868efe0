import type { EpochRow } from '../../../shared/ipc/schemas';
import { fixed } from './figures';
import './epoch-chart.css';

/**
 * Gross APR per epoch (the scale of every rate shown) as a small bar chart (plain SVG: one series, no axes library needed). Defaulted
 * epochs are drawn in red; the running one is outlined.
 */
export function EpochChart({ epochs }: { epochs: EpochRow[] }) {
  const points = epochs.filter((e) => e.apr !== null);
  if (points.length === 0) return <p className="cell-sub">No APR history yet.</p>;
  const width = 640;
  const height = 160;
  const pad = { top: 12, right: 8, bottom: 22, left: 36 };
  const max = Math.max(...points.map((e) => e.apr!), 1);
  const slot = (width - pad.left - pad.right) / points.length;
  const y = (v: number) => pad.top + (height - pad.top - pad.bottom) * (1 - v / max);
  const ticks = [0, max / 2, max];
  return (
    <svg className="epoch-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`Gross APR per epoch, ${points.length} epochs, latest ${points.at(-1)!.apr}%`}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} className="grid" />
          <text x={pad.left - 6} y={y(t) + 4} className="tick" textAnchor="end">
            {fixed(t, t < 10 ? 1 : 0)}%
          </text>
        </g>
      ))}
      {points.map((e, i) => {
        const x = pad.left + i * slot + slot * 0.15;
        const barY = y(e.apr!);
        return (
          <g key={e.count}>
            <rect
              x={x}
              y={barY}
              width={slot * 0.7}
              height={height - pad.bottom - barY}
              className={`bar${e.status === 'DEFAULTED' ? ' bar-bad' : ''}${e.status === 'RUNNING' ? ' bar-running' : ''}`}
            >
              <title>{`Epoch ${e.count}: ${e.apr}% gross${e.net !== null ? `, ${e.net}% net` : ''} (${e.status.toLowerCase()})`}</title>
            </rect>
            {points.length <= 24 || i % Math.ceil(points.length / 24) === 0 ? (
              <text x={x + slot * 0.35} y={height - 6} className="tick" textAnchor="middle">
                {e.count}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
