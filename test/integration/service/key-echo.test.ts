import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ApiKeyVault } from '../../../electron/services/secrets/api-key';
import { KeychainSecretStore } from '../../../electron/services/secrets/keychain-store';
import { FileLogger } from '../../../electron/services/log/logger';
import { serviceOnlySimulation, startTestConsole, type TestConsole } from '../../support/console';
import { shellCall } from '../../support/shell-socket';

const KEY = `vk_echoed_${process.pid}_a1b2c3d4e5f6`;

/** A service that answers every call with an error quoting the request's Authorization header, bare and as sent. */
let echo: Server;
let echoUrl: string;
beforeAll(async () => {
  echo = createServer((req, res) => {
    const header = req.headers.authorization ?? '';
    const key = header.replace(/^Bearer /, '');
    res.writeHead(req.url?.includes('/vaults') ? 400 : 500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'BAD_KEY', message: `key ${key} is not valid here (sent ${header})` }));
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => echo.close(resolve));
  await new ApiKeyVault(new KeychainSecretStore()).remove(echoUrl).catch(() => false);
});

function bridge(c: TestConsole): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${c.shell.url.replace('http', 'ws')}/bridge?token=${c.shell.token}`, { origin: c.shell.url });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

describe('a service that echoes the API key', () => {
  it('never gets the key into a frame the window receives, nor into the log', async () => {
    const c = await startTestConsole({ startSimulation: serviceOnlySimulation });
    try {
      const ws = await bridge(c);
      const tested = await shellCall(ws, 'settings.testConnection', { serviceUrl: echoUrl, apiKey: KEY });
      expect(tested).toMatchObject({ ok: true, value: { ok: false } });
      expect(tested.value.message).toContain('[redacted]');
      expect(await shellCall(ws, 'settings.setApiKey', { serviceUrl: echoUrl, apiKey: KEY })).toMatchObject({
        ok: true,
        value: { configured: true },
      });
      await shellCall(ws, 'wallets.add', { address: '0xCbA98362e199c41E1864D0923AF9646d3A648451', label: 'w1' });
      const vaults = await shellCall(ws, 'vaults.list', {});
      expect(vaults).toMatchObject({ ok: false, error: { code: 'SERVICE_BAD_REQUEST' } });
      expect(vaults.error.message).toContain('key [redacted] is not valid here');
      await shellCall(ws, 'portfolio.load', { groupId: null });
      expect(await shellCall(ws, 'settings.testConnection', {})).toMatchObject({ ok: true, value: { ok: false } });
      ws.close();
      expect(c.framesSent.length).toBeGreaterThan(4);
      for (const frame of c.framesSent) expect(frame).not.toContain(KEY);
      expect(readFileSync(c.logFile, 'utf8')).not.toContain(KEY);
    } finally {
      await c.close();
    }
  });

  it('scrubs from the log a key saved in an earlier run, from the first read on', async () => {
    await new ApiKeyVault(new KeychainSecretStore()).save(echoUrl, KEY);
    const first = await startTestConsole({ startSimulation: serviceOnlySimulation });
    const ws = await bridge(first);
    expect(await shellCall(ws, 'settings.setApiKey', { serviceUrl: echoUrl, apiKey: KEY })).toMatchObject({ ok: true });
    ws.close();
    await first.close();
    // A new run on the same data folder: the key comes from the keychain, never typed this time.
    const log = new FileLogger(first.logFile);
    const second = await startTestConsole({ startSimulation: serviceOnlySimulation, dataDir: first.dataDir, log });
    try {
      expect((await second.runtime.handlers.app.info({}, { transport: 'browser' })).mode).toBe('live');
      log.warn('a line that quotes it by mistake', { reason: `unexpected ${KEY}` });
      const text = readFileSync(first.logFile, 'utf8');
      expect(text).toContain('a line that quotes it by mistake');
      expect(text).not.toContain(KEY);
    } finally {
      await second.close();
    }
  });
});
