import { describe, expect, it } from 'vitest';
import { lookupMethod } from '../../../shared/ipc/contract';
import { fromWire, recordLiteralFor, toWire, type WireResult, type WireTable } from '../../../shared/ipc/wire';
import { positionRow, RECORD_LITERALS, requestRow, walletRow } from '../../../renderer/src/bridge/record-literals';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { syntheticPortfolio } from '../../bench/synthetic-portfolio';

// The portfolio as the main side sends it: checked against the contract's result schema (whose
// output is what crosses), in its wire form, as JSON text.
const sent = () => {
  const value = lookupMethod('portfolio.load')!.result.parse(
    syntheticPortfolio({ requests: 800, wallets: 60, vaults: 4, seed: 5, heldShare: 0.4 }),
  ) as Portfolio;
  return { value, wire: JSON.parse(JSON.stringify(toWire({ ok: true, value }))) as WireResult };
};

describe('the renderer’s record literals', () => {
  it('build the portfolio’s positions, requests and wallets (keys in the order the main side sends them)', () => {
    const { wire } = sent();
    const tables = (wire.ok ? wire.value : null) as { positions: WireTable; requests: WireTable; wallets: WireTable };
    expect(recordLiteralFor(tables.positions, RECORD_LITERALS)).toBe(positionRow);
    expect(recordLiteralFor(tables.requests, RECORD_LITERALS)).toBe(requestRow);
    expect(recordLiteralFor(tables.wallets, RECORD_LITERALS)).toBe(walletRow);
  });

  it('give the same portfolio as the general way, key for key', () => {
    const { value, wire } = sent();
    const byLiteral = fromWire(structuredClone(wire), RECORD_LITERALS);
    const general = fromWire(structuredClone(wire));
    expect(byLiteral).toEqual({ ok: true, value });
    expect(byLiteral).toEqual(general);
    const decoded = (byLiteral.ok ? byLiteral.value : null) as Portfolio;
    expect(Object.keys(decoded.positions[0]!)).toEqual(Object.keys(value.positions[0]!));
    expect(Object.keys(decoded.requests[0]!)).toEqual(Object.keys(value.requests[0]!));
  });
});
