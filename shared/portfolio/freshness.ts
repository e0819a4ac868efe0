import type { FigureOrigin, Portfolio, PortfolioVault, RequestRow, SourceStatus, VaultFigureOrigins } from './schemas';

/**
 * Which figures of the view model are not current. A refresh keeps the last answer of a source
 * that fails (the service, or one chain) so the screens can still show it; these rules say which
 * figures came from such a source, so that none of them is shown as current.
 */

export type VaultFigure = 'cycle' | keyof VaultFigureOrigins;

/** The source a figure of this vault comes from: the service, or the vault's own chain. */
export function sourceIdOf(vault: PortfolioVault, origin: 'chain' | 'service'): string {
  return origin === 'service' ? 'service' : `chain:${vault.chain.chainId}`;
}

/** The sources that did not answer on the last refresh, by id. */
export function failedSources(p: Pick<Portfolio, 'sources'>): Map<string, SourceStatus> {
  return new Map(p.sources.filter((s) => !s.ok).map((s) => [s.id, s]));
}

/**
 * The vault's figures whose source did not answer on the last refresh, each with that source. A
 * figure nobody gave (null origin) is shown as missing, not as stale, so it is not listed.
 */
export function staleFigures(p: Pick<Portfolio, 'sources'>, vault: PortfolioVault): Map<VaultFigure, SourceStatus> {
  const failed = failedSources(p);
  const out = new Map<VaultFigure, SourceStatus>();
  const check = (figure: VaultFigure, origin: FigureOrigin | undefined) => {
    if (!origin) return;
    const source = failed.get(sourceIdOf(vault, origin));
    if (source) out.set(figure, source);
  };
  check('cycle', vault.cycleSource);
  for (const [figure, origin] of Object.entries(vault.origins) as Array<[keyof VaultFigureOrigins, FigureOrigin]>) check(figure, origin);
  return out;
}

/**
 * The failed source behind a stale request row: the vault's chain (its cycle decides the row's
 * action and date), else the service for a row from its records.
 */
export function staleRequestSource(
  failed: ReadonlyMap<string, SourceStatus>,
  vault: PortfolioVault | undefined,
  row: RequestRow,
): SourceStatus | null {
  if (!row.stale) return null;
  return (
    (vault ? failed.get(sourceIdOf(vault, 'chain')) : undefined) ?? (row.source === 'service' ? failed.get('service') : undefined) ?? null
  );
}

/** "Not current: the Credit vault service did not answer on the last refresh; this is its answer of 14:02:10." */
export function notCurrentText(source: SourceStatus, localTime: (ms: number) => string): string {
  const at = source.fetchedAtMs !== null ? `; this is from its answer of ${localTime(source.fetchedAtMs)}` : '';
  return `Not current: ${source.label} did not answer on the last refresh${at}.`;
}
