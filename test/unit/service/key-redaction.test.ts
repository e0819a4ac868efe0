import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/services/service-client';
import { bodyWithoutKey, holdsKey } from '../../../electron/services/service-client/key-redaction';

const KEY = 'vk_live_9f8e7d6c5b4a';
/** The key as JSON may spell it: every character a \u escape. */
const ESCAPED = [...KEY].map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

const answering = (status: number, body: string) =>
  createServiceClient({
    baseUrl: 'https://svc.test',
    getApiKey: async () => KEY,
    fetch: (async () => new Response(body, { status, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch,
    retry: { retries: 0 },
    sleep: async () => undefined,
  });

describe("the service's API key quoted back in an answer", () => {
  it('with JSON escapes, never reaches a record the window shows', async () => {
    const body = `{"data":[{"_id":"c1","chainID":1,"name":"Ethereum ${ESCAPED}"}],"totalCount":1}`;
    const chains = await answering(200, body).listChains();
    expect(JSON.stringify(chains)).not.toContain(KEY);
    expect(chains.data[0]!.name).toBe('Ethereum [redacted]');
  });

  it('with JSON escapes in an error, never reaches its message', async () => {
    const err = await answering(400, `{"message":"key ${ESCAPED} is not valid"}`)
      .listChains()
      .then(
        () => ({ message: 'answered' }),
        (e: unknown) => e as { message: string },
      );
    expect(JSON.stringify(err)).not.toContain(KEY);
    expect(JSON.stringify(err)).not.toContain(ESCAPED);
    expect(err.message).toContain('[redacted]');
  });

  it('is found and blanked however it is spelled, in strings and object keys', () => {
    for (const text of [`"${KEY}"`, `{"a":"${ESCAPED}"}`, `{"${ESCAPED}":1}`, `[["x ${ESCAPED.slice(0, 12)}${KEY.slice(2)}"]]`, encodeURIComponent(`?k=${KEY}`)]) {
      expect(holdsKey(text, KEY), text).toBe(true);
      const clean = bodyWithoutKey(text, KEY, '[api key]');
      expect(holdsKey(clean, KEY), clean).toBe(false);
      expect(clean).toContain('[api key]');
    }
    expect(holdsKey('{"a":"\\u0041 plain"}', KEY)).toBe(false);
    expect(bodyWithoutKey('{"a":"\\u0041 plain"}', KEY)).toBe('{"a":"\\u0041 plain"}');
  });
});
