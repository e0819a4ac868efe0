import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../shared/errors';
import { dispatch, dispatchForTransport } from '../../../electron/runtime/dispatch';
import type { Handlers } from '../../../electron/runtime/handlers';
import { syntheticPortfolio } from '../../bench/synthetic-portfolio';

const ctx = { transport: 'electron' as const };
const info = { version: '1.0.0', mode: 'demo', serviceUrl: 'http://127.0.0.1:1', shell: 'electron', platform: 'linux', simulation: 'ready' };

function handlersWith(impl: () => Promise<unknown>): Handlers {
  return { app: { info: impl } } as unknown as Handlers;
}

describe('dispatch', () => {
  it('wraps a handler value in an ok result', async () => {
    expect(await dispatch(handlersWith(async () => info), 'app.info', {}, ctx)).toEqual({ ok: true, value: info });
  });

  it('passes an AppError through with its code and action', async () => {
    const h = handlersWith(async () => {
      throw new AppError({ code: 'SERVICE_UNAUTHORIZED', message: 'The API key was rejected.', action: 'Replace it in Settings.' });
    });
    expect(await dispatch(h, 'app.info', {}, ctx)).toEqual({
      ok: false,
      error: { code: 'SERVICE_UNAUTHORIZED', message: 'The API key was rejected.', action: 'Replace it in Settings.' },
    });
  });

  it('reports an unexpected error as INTERNAL with its message and logs it', async () => {
    const log = { error: vi.fn() };
    const result = await dispatch(handlersWith(async () => { throw new Error('disk full'); }), 'app.info', {}, ctx, log);
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(!result.ok && result.error.message).toContain('disk full');
    expect(log.error).toHaveBeenCalled();
  });

  it('refuses to send a value that breaks the result schema', async () => {
    const result = await dispatch(handlersWith(async () => ({ version: 1 })), 'app.info', {}, ctx, { error: vi.fn() });
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  it('sends a transport the checked value in its wire form: long lists of records as tables', async () => {
    const portfolio = syntheticPortfolio({ requests: 100, wallets: 10, vaults: 2 });
    const h = { portfolio: { load: async () => portfolio } } as unknown as Handlers;
    const sent = await dispatchForTransport(h, 'portfolio.load', { groupId: null }, ctx);
    expect(sent).toMatchObject({ ok: true, tables: [['requests']], value: { requests: { rows: 100 }, positions: portfolio.positions } });
    // A value that breaks the result schema is refused before it is encoded.
    const broken = { ...portfolio, requests: portfolio.requests.map((r) => ({ ...r, amount: -1 })) };
    const bad = { portfolio: { load: async () => broken } } as unknown as Handlers;
    expect(await dispatchForTransport(bad, 'portfolio.load', { groupId: null }, ctx, { error: vi.fn() })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  it('refuses unknown and malformed method names', async () => {
    for (const name of ['nope.nothing', 'app', 'app.info.extra', '__proto__.toString', 'constructor.name']) {
      expect(await dispatch(handlersWith(async () => info), name, {}, ctx)).toMatchObject({ ok: false, error: { code: 'IPC_UNKNOWN_METHOD' } });
    }
  });
});
