import { describe, expect, it, vi } from 'vitest';
import { buildBridgeApi } from '../../../shared/ipc/build-bridge';
import type { Result } from '../../../shared/ipc/result';
import { toWire } from '../../../shared/ipc/wire';
import { PortfolioSchema } from '../../../shared/portfolio/schemas';
import { decodingBridge } from '../../../renderer/src/bridge/decoding-bridge';
import { syntheticPortfolio } from '../../bench/synthetic-portfolio';

const portfolio = PortfolioSchema.parse(syntheticPortfolio({ requests: 300, wallets: 50, vaults: 2 }));

/** A transport's bridge that answers as the main side sends: checked results in their wire form, as JSON text. */
function transport(answer: (method: string) => Result<unknown> | unknown) {
  const listeners = new Map<string, (payload: unknown) => void>();
  const api = buildBridgeApi(
    async (method) => JSON.parse(JSON.stringify(answer(method))) as Result<unknown>,
    (event, listener) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  );
  return { api, listeners };
}

describe('decoding bridge', () => {
  it('hands the stores the contract’s value, decoded from its wire form', async () => {
    const { api } = transport(() => toWire({ ok: true, value: portfolio }));
    const result = await decodingBridge(api).portfolio.load({ groupId: null });
    expect(result).toEqual({ ok: true, value: portfolio });
  });

  it('passes failures and plain answers through', async () => {
    const failure = { ok: false, error: { code: 'SERVICE_DOWN', message: 'The service did not answer.' } };
    expect(await decodingBridge(transport(() => failure).api).portfolio.load({ groupId: null })).toEqual(failure);
    const plain = { ok: true, value: { wallets: [], groups: [], recoveredFrom: null } };
    expect(await decodingBridge(transport(() => plain).api).wallets.list({})).toEqual(plain);
  });

  it('turns an answer it cannot decode into a failed result', async () => {
    const broken = { ok: true, value: { requests: { keys: ['a'], rows: 2, columns: [{ values: [1] }] } }, tables: [['requests']] };
    const result = await decodingBridge(transport(() => broken).api).portfolio.load({ groupId: null });
    expect(result).toMatchObject({ ok: false, error: { code: 'BRIDGE_BAD_ANSWER' } });
  });

  it('subscribes events on the transport', () => {
    const { api, listeners } = transport(() => null);
    const listener = vi.fn();
    const off = decodingBridge(api).events.modeChanged(listener);
    listeners.get('modeChanged')!({ mode: 'demo' });
    expect(listener).toHaveBeenCalledWith({ mode: 'demo' });
    off();
    expect(listeners.has('modeChanged')).toBe(false);
  });
});
