import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/services/service-client';
import { ServiceRecorder } from '../../../scripts/service-record/recorder';

const KEY = `vk_escaped_${process.pid}_f00dfeed`;
const escaped = (text: string) => [...text].map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/** A service that quotes the request's key back inside a record, every character a JSON escape. */
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"data":[{"_id":"c1","chainID":1,"name":"Ethereum (${escaped(key)})"}],"totalCount":1}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('a recording of a service that quotes the key with JSON escapes', () => {
  it('holds the key in no file, decoded or not, and reports how many answers quoted it', async () => {
    const recorder = new ServiceRecorder(url);
    const client = createServiceClient({ baseUrl: url, getApiKey: async () => KEY, fetch: recorder.fetch });
    const chains = await client.listChains();
    expect(chains.data[0]!.name).toBe('Ethereum ([redacted])');
    const out = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-recording-'));
    const written = await recorder.write(out, KEY);
    expect(written.keyEchoed).toBe(1);
    for (const file of written.files) {
      const text = await readFile(file, 'utf8');
      expect(text).not.toContain(escaped(KEY));
      expect(JSON.stringify(JSON.parse(text))).not.toContain(KEY);
    }
  });
});
