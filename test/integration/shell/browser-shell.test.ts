import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serviceOnlySimulation, startTestConsole, type TestConsole } from '../../support/console';

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

function call(ws: WebSocket, id: number, method: string, input: unknown): Promise<any> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const frame = JSON.parse(data.toString());
      if (frame.id === id) {
        ws.off('message', onMessage);
        resolve(frame.result);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, method, input }));
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
    const info = await call(conn.ws, 1, 'app.info', {});
    expect(info).toMatchObject({ ok: true, value: { mode: 'demo', shell: 'browser' } });
    const bad = await call(conn.ws, 2, 'settings.setApiKey', { serviceUrl: 'not a url', apiKey: 'x' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'IPC_BAD_INPUT' } });
    const unknown = await call(conn.ws, 3, 'fs.readFile', { path: '/etc/passwd' });
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
});
