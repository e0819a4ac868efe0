import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../shared/errors';
import { dispatch } from '../../../electron/runtime/dispatch';
import type { Handlers } from '../../../electron/runtime/handlers';

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

  it('refuses unknown and malformed method names', async () => {
    for (const name of ['nope.nothing', 'app', 'app.info.extra', '__proto__.toString', 'constructor.name']) {
      expect(await dispatch(handlersWith(async () => info), name, {}, ctx)).toMatchObject({ ok: false, error: { code: 'IPC_UNKNOWN_METHOD' } });
    }
  });
});
