import type { UsdFigure } from '../../../shared/insights/schemas';
import { formatUsd } from '../../../shared/domain/units';

/** A USD figure; one the console priced itself (from token blocks) is marked with ≈ and says so on hover. */
export function UsdValue({ figure }: { figure: UsdFigure | null | undefined }) {
  if (!figure) return <span className="cell-sub">—</span>;
  return figure.priced ? (
    <span className="usd priced" title="Not given by the service: priced by the console at the token's latest price from the token blocks.">
      ≈ {formatUsd(figure.usd)}
    </span>
  ) : (
    <span className="usd">{formatUsd(figure.usd)}</span>
  );
}
