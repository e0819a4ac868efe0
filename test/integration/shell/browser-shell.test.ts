import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FileLogger } from '../../../electron/services/log/logger';
import { startBrowserShell } from '../../../electron/shell/server';
import { CSV_MAX_BYTES } from '../../../shared/wallets/schemas';
import { SHELL_RENDERER_DIR } from '../../support/paths';
import { serviceOnlySimulation, startTestConsole, type TestConsole } from '../../support/console';
import { shellCall } from '../../support/shell-socket';

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole({ startSimulation: serviceOnlySimulation });
});
afterAll(async () => {
  await c?.close();
});

function connect(url: string, origin: string): Promise<{ ws: WebSocket } | { refused: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { origin });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
    ws.once('error', () => resolve({ refused: -1 }));
  });
}

describe('browser shell', () => {
  it('serves the renderer with the content security policy', async () => {
    const res = await fetch(`${c.shell.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('listens on loopback only', () => {
    expect(new URL(c.shell.url).hostname).toBe('127.0.0.1');
  });

  it('refuses a bridge connection without the launch token or from another origin', async () => {
    const bridge = (token: string) => `${c.shell.url.replace('http', 'ws')}/bridge?token=${token}`;
    expect(await connect(bridge(''), c.shell.url)).toEqual({ refused: 403 });
    expect(await connect(bridge(`${c.shell.token}x`), c.shell.url)).toEqual({ refused: 403 });
    expect(await connect(bridge(c.shell.token), 'http://evil.example')).toEqual({ refused: 403 });
    expect(await connect(bridge(c.shell.token), 'http://127.0.0.1:1')).toEqual({ refused: 403 });
  });

  it('answers contract calls over an authorised connection, with tagged results', async () => {
    const conn = await connect(`${c.shell.url.replace('http', 'ws')}/bridge?token=${c.shell.token}`, c.shell.url);
    if (!('ws' in conn)) throw new Error('refused');
    const info = await shellCall(conn.ws, 'app.info', {});
    expect(info).toMatchObject({ ok: true, value: { mode: 'demo', shell: 'browser' } });
    const bad = await shellCall(conn.ws, 'settings.setApiKey', { serviceUrl: 'not a url', apiKey: 'x' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'IPC_BAD_INPUT' } });
    const unknown = await shellCall(conn.ws, 'fs.readFile', { path: '/etc/passwd' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'IPC_UNKNOWN_METHOD' } });
    conn.ws.close();
  });

  it('drops a connection that sends a malformed frame', async () => {
    const conn = await connect(`${c.shell.url.replace('http', 'ws')}/bridge?token=${c.shell.token}`, c.shell.url);
    if (!('ws' in conn)) throw new Error('refused');
    const closed = new Promise<number>((resolve) => conn.ws.once('close', (code) => resolve(code)));
    conn.ws.send('{"id": "one", "method": 5}');
    expect(await closed).toBe(1008);
  });

  it('answers a call larger than a megabyte, a CSV over the import limit, with what to do, and keeps the connection', async () => {
    const conn = await connect(`${c.shell.url.replace('http', 'ws')}/bridge?token=${c.shell.token}`, c.shell.url);
    if (!('ws' in conn)) throw new Error('refused');
    const csv = `address\n${'0xCbA98362e199c41E1864D0923AF9646d3A648451\n'.repeat(Math.ceil((2 * CSV_MAX_BYTES) / 43))}`;
    const refused = await shellCall(conn.ws, 'wallets.importCsv', { csv });
    expect(refused).toMatchObject({ ok: false, error: { code: 'IPC_BAD_INPUT' } });
    expect(refused.error.message).toContain('larger than the 1 MiB a CSV import takes at once. Split it into files of at most 1 MiB');
    expect(await shellCall(conn.ws, 'app.info', {})).toMatchObject({ ok: true });
    conn.ws.close();
  });

  it('closes only the connection that sends a frame over the ceiling, says why in the log, and keeps serving', async () => {
    const log = new FileLogger(c.logFile);
    const shell = await startBrowserShell({ runtime: c.runtime, rendererDir: SHELL_RENDERER_DIR, log, maxFrameBytes: 64 * 1024 });
    try {
      const bridge = `${shell.url.replace('http', 'ws')}/bridge?token=${shell.token}`;
      const conn = await connect(bridge, shell.url);
      if (!('ws' in conn)) throw new Error('refused');
      const closed = new Promise<number>((resolve) => conn.ws.once('close', (code) => resolve(code)));
      conn.ws.send(JSON.stringify({ id: 1, method: 'wallets.importCsv', input: { csv: 'x'.repeat(100 * 1024) } }));
      expect(await closed).toBe(1009);
      await expect
        .poll(() => readFileSync(c.logFile, 'utf8'))
        .toContain('closed a bridge connection: a call was larger than the 65536 bytes');
      const again = await connect(bridge, shell.url);
      if (!('ws' in again)) throw new Error('refused after a closed connection');
      expect(await shellCall(again.ws, 'app.info', {})).toMatchObject({ ok: true });
      again.ws.close();
    } finally {
      await shell.close();
    }
  });
});
