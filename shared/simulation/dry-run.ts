import type { PlanSimulation } from './schemas';

/**
 * The last line of a headless `--dry-run`: per simulated item, its wallet, call and what the fork
 * said (ok, the decoded revert, gas used and every balance change, amounts in base units as signed
 * decimal strings; a delta's `wallet` is the address whose balance changes). Nothing is signed.
 * Exported: a reader of that line parses it into this shape.
 */
export interface DryRunLine {
  items: {
    wallet: string;
    call: string;
    simulation: {
      ok: boolean;
      revert: string | null;
      gasUsed: string | null;
      deltas: { wallet: string; token: string; symbol: string; amount: string }[];
    };
  }[];
  signed: 0;
  /** Present when a chain could not be simulated: why. */
  notSimulated?: { chainId: number; reason: string | null }[];
}

export function dryRunLine(simulation: PlanSimulation): DryRunLine {
  const missing = simulation.chains.filter((c) => c.method === 'none').map((c) => ({ chainId: c.chainId, reason: c.reason }));
  return {
    items: simulation.items.map((i) => ({
      wallet: i.wallet,
      call: i.call,
      simulation: {
        ok: i.ok,
        revert: i.revert ? (i.revert.reason ?? i.revert.error.message) : null,
        gasUsed: i.gasUsed,
        deltas: i.deltas.map(({ wallet, token, symbol, amount }) => ({ wallet, token, symbol, amount })),
      },
    })),
    signed: 0,
    ...(missing.length ? { notSimulated: missing } : {}),
  };
}
