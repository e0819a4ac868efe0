import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/runtime/dispatch';
import { serviceOnlySimulation, startTestConsole, type TestConsole } from '../../support/console';

/**
 * A name server that changes its answer between two questions (DNS rebinding): the check of a
 * typed-in service address hears one address, a second resolution would hear another.
 */
let answers: string[][] = [];
let questions: string[] = [];
const lookup = async (host: string) => {
  questions.push(host);
  return answers[Math.min(questions.length, answers.length) - 1] ?? [];
};

/** Stands at the "public" address: records every connection and the TLS greeting it opens with (SNI is in clear there). */
let listener: Server;
let port: number;
const greetings: Buffer[] = [];
const sockets = new Set<Socket>();

let c: TestConsole;
beforeAll(async () => {
  listener = createServer((socket) => {
    sockets.add(socket);
    socket.once('data', (chunk) => {
      greetings.push(chunk);
      socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  c = await startTestConsole({ startSimulation: serviceOnlySimulation, lookup });
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => listener.close(resolve));
  await c?.close();
});

const testAddress = (serviceUrl: string, extra: Record<string, unknown> = {}) =>
  dispatch(
    c.runtime.handlers,
    'settings.testConnection',
    { serviceUrl, apiKey: 'vk_rebinding_test_0001', ...extra },
    { transport: 'browser' },
  );

describe('testing a typed-in service address against a name server that changes its answer', () => {
  it('connects to the address it checked, never to a private one answered later', { timeout: 120_000 }, async () => {
    // 127.0.0.1 stands for a public address here: it is not private, and the test can listen on it.
    answers = [['127.0.0.1'], ['10.0.0.7'], ['169.254.169.254']];
    questions = [];
    greetings.length = 0;
    const result = await testAddress(`https://rebind.vaultdesk.example:${port}/v1`);

    // The test went through and says what happened (here: no TLS answer from the listener).
    expect(result).toMatchObject({ ok: true, value: { ok: false, serviceUrl: `https://rebind.vaultdesk.example:${port}/v1` } });
    expect((result as { value: { message: string } }).value.message.length).toBeGreaterThan(10);
    // The name was asked once; every connection landed on the checked address, still naming the host for TLS.
    expect(questions).toEqual(['rebind.vaultdesk.example']);
    expect(greetings.length).toBeGreaterThan(0);
    for (const hello of greetings) expect(hello.includes(Buffer.from('rebind.vaultdesk.example'))).toBe(true);
  });

  it('refuses before connecting when the one answer it checks is private', { timeout: 60_000 }, async () => {
    answers = [['10.0.0.7'], ['127.0.0.1']];
    questions = [];
    greetings.length = 0;
    const result = await testAddress(`https://rebind.vaultdesk.example:${port}/v1`);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'SERVICE_PRIVATE_ADDRESS', message: expect.stringContaining('a name for 10.0.0.7 on the local network') },
    });
    expect(questions).toEqual(['rebind.vaultdesk.example']);
    expect(greetings).toEqual([]);
  });
});
