import { existsSync, readFileSync, statSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FileLogger } from '../../../electron/services/log/logger';
import { startBrowserShell, type BrowserShell } from '../../../electron/shell/server';
import { MAX_BRIDGE_CONNECTIONS } from '../../../electron/shell/frame-ceiling';
import { SHELL_RENDERER_DIR } from '../../support/paths';
import { serviceOnlySimulation, startTestConsole, type TestConsole } from '../../support/console';

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole({ startSimulation: serviceOnlySimulation });
});
afterAll(async () => {
  await c?.close();
});

/** Sends raw bytes to the shell and resolves with everything it answers until it closes the socket. */
function raw(shell: BrowserShell, request: string | Buffer, keepWriting?: (socket: import('node:net').Socket) => void): Promise<string> {
  const { port } = new URL(shell.url);
  return new Promise((resolve) => {
    const socket = connectTcp(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
    socket.write(request);
    keepWriting?.(socket);
  });
}

const upgradeHeaders = (host: string, origin: string) =>
  `Host: ${host}\r\nOrigin: ${origin}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;

function open(shell: BrowserShell): Promise<{ ws: WebSocket } | { refused: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${shell.url.replace('http', 'ws')}/bridge?token=${shell.token}`, { origin: shell.url });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
    ws.once('error', () => resolve({ refused: -1 }));
  });
}

const stillServes = async (shell: BrowserShell) => (await fetch(`${shell.url}/`)).status;

describe('browser shell under hostile requests', () => {
  it('answers 400 to a bridge request whose target cannot be parsed, and keeps serving', async () => {
    const host = new URL(c.shell.url).host;
    const answer = await raw(c.shell, `GET http://[::1/bridge HTTP/1.1\r\n${upgradeHeaders(host, c.shell.url)}`);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(await stillServes(c.shell)).toBe(200);
    // An absolute target naming another place is not the bridge either, even with the token.
    const elsewhere = await raw(
      c.shell,
      `GET http://evil.example/bridge?token=${c.shell.token} HTTP/1.1\r\n${upgradeHeaders(host, c.shell.url)}`,
    );
    expect(elsewhere).toMatch(/^HTTP\/1\.1 403/);
    const garbage = await raw(c.shell, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400/);
    expect(await stillServes(c.shell)).toBe(200);
  });

  it('answers only requests for its own 127.0.0.1:<port> (421 otherwise), files and bridge alike', async () => {
    const { port } = new URL(c.shell.url);
    for (const host of [`rebind.attacker.example:${port}`, `localhost:${port}`, '127.0.0.1', `127.0.0.1:${Number(port) + 1}`]) {
      const page = await raw(c.shell, `GET /index.html HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(page, host).toMatch(/^HTTP\/1\.1 421/);
      expect(page).not.toContain('<div id="root">');
      const bridge = await raw(c.shell, `GET /bridge?token=${c.shell.token} HTTP/1.1\r\n${upgradeHeaders(host, c.shell.url)}`);
      expect(bridge, host).toMatch(/^HTTP\/1\.1 421/);
    }
    const own = await raw(c.shell, `GET /index.html HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    expect(own).toMatch(/^HTTP\/1\.1 200/);
  });

  it(`opens at most ${MAX_BRIDGE_CONNECTIONS} authorised bridge connections, and another once one closes`, async () => {
    const log = new FileLogger(c.logFile);
    const shell = await startBrowserShell({ runtime: c.runtime, rendererDir: SHELL_RENDERER_DIR, log });
    try {
      const open1: WebSocket[] = [];
      for (let i = 0; i < MAX_BRIDGE_CONNECTIONS; i++) {
        const conn = await open(shell);
        if (!('ws' in conn)) throw new Error(`connection ${i} refused`);
        open1.push(conn.ws);
      }
      expect(await open(shell)).toEqual({ refused: 503 });
      await expect.poll(() => readFileSync(c.logFile, 'utf8')).toContain(`${MAX_BRIDGE_CONNECTIONS} are open already`);
      const closed = new Promise((resolve) => open1[0]!.once('close', resolve));
      open1[0]!.close();
      await closed;
      await expect
        .poll(async () => {
          const again = await open(shell);
          if ('ws' in again) again.ws.close();
          return 'ws' in again;
        })
        .toBe(true);
      for (const ws of open1) ws.close();
    } finally {
      await shell.close();
    }
  });

  it('refuses a frame over the ceiling from its header, before its body arrives, and keeps its memory', async () => {
    const log = new FileLogger(c.logFile);
    const shell = await startBrowserShell({ runtime: c.runtime, rendererDir: SHELL_RENDERER_DIR, log });
    try {
      const conn = await open(shell);
      if (!('ws' in conn)) throw new Error('refused');
      const before = process.memoryUsage().rss;
      // A masked text frame announcing 180 MiB, of which only the header and a few bytes are sent.
      const header = Buffer.alloc(14);
      header[0] = 0x81;
      header[1] = 0x80 | 127;
      header.writeBigUInt64BE(BigInt(180 * 1024 * 1024), 2);
      const socket = (conn.ws as unknown as { _socket: import('node:net').Socket })._socket;
      const closed = new Promise<number>((resolve) => conn.ws.once('close', (code) => resolve(code)));
      socket.write(Buffer.concat([header, Buffer.alloc(1024)]));
      expect(await closed).toBe(1009);
      expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
      expect(await stillServes(shell)).toBe(200);
    } finally {
      await shell.close();
    }
  });

  it('writes refused connections to the log at a limited rate, with how many it left out', async () => {
    const log = new FileLogger(c.logFile);
    const shell = await startBrowserShell({ runtime: c.runtime, rendererDir: SHELL_RENDERER_DIR, log, refusalLogIntervalMs: 60_000 });
    try {
      const lines = () =>
        readFileSync(c.logFile, 'utf8')
          .split('\n')
          .filter((l) => l.includes('without the launch token'));
      const before = lines().length;
      const host = new URL(shell.url).host;
      for (let i = 0; i < 200; i++) {
        const answer = await raw(shell, `GET /bridge?token=wrong HTTP/1.1\r\n${upgradeHeaders(host, shell.url)}`);
        expect(answer).toMatch(/^HTTP\/1\.1 403/);
      }
      expect(lines().length - before).toBe(1);
    } finally {
      await shell.close();
    }
  });

  it('rotates its log file instead of growing without end', () => {
    const file = `${c.dataDir}/logs/rotating.log`;
    const log = new FileLogger(file, false, 64 * 1024);
    for (let i = 0; i < 2000; i++) log.warn('refused a bridge connection', { i, origin: 'http://evil.example' });
    expect(statSync(file).size).toBeLessThanOrEqual(64 * 1024);
    expect(existsSync(`${file}.1`)).toBe(true);
    expect(statSync(`${file}.1`).size).toBeLessThanOrEqual(64 * 1024);
    expect(readFileSync(file, 'utf8')).toContain('"i":1999');
  });

  it('keeps serving when its log cannot be written (a full disk): a foreign Host and a cross-origin bridge attempt are refused, nothing stops it', async () => {
    const log = new FileLogger('/dev/full');
    const shell = await startBrowserShell({ runtime: c.runtime, rendererDir: SHELL_RENDERER_DIR, log });
    try {
      const { port } = new URL(shell.url);
      const foreign = await raw(shell, `GET / HTTP/1.1\r\nHost: rebind.attacker.example:${port}\r\nConnection: close\r\n\r\n`);
      expect(foreign).toMatch(/^HTTP\/1\.1 421/);
      const crossOrigin = await raw(shell, `GET /bridge?token=${shell.token} HTTP/1.1\r\n${upgradeHeaders(new URL(shell.url).host, 'https://evil.example')}`);
      expect(crossOrigin).toMatch(/^HTTP\/1\.1 403/);
      expect(log.linesNotWritten).toBeGreaterThanOrEqual(2);
      expect(await stillServes(shell)).toBe(200);
      const conn = await open(shell);
      expect('ws' in conn).toBe(true);
      if ('ws' in conn) conn.ws.close();
    } finally {
      await shell.close();
    }
  });

  it('closes connections beyond its limit as they come, and serves again once they go', async () => {
    const log = new FileLogger(c.logFile);
    const shell = await startBrowserShell({ runtime: c.runtime, rendererDir: SHELL_RENDERER_DIR, log, maxConnections: 8 });
    const { port } = new URL(shell.url);
    const idle: import('node:net').Socket[] = [];
    try {
      // Idle connections that never send a request, many more than the limit.
      let closedByShell = 0;
      for (let i = 0; i < 40; i++) {
        const socket = connectTcp(Number(port), '127.0.0.1');
        idle.push(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => closedByShell++);
      }
      await expect.poll(() => closedByShell, { timeout: 30_000 }).toBeGreaterThanOrEqual(32);
      await expect.poll(() => readFileSync(c.logFile, 'utf8')).toContain('closed a connection: 8 are open already');
      for (const socket of idle) socket.destroy();
      await expect.poll(() => stillServes(shell).catch(() => 0), { timeout: 30_000 }).toBe(200);
    } finally {
      for (const socket of idle) socket.destroy();
      await shell.close();
    }
  });
});
