import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../shared/errors';
import { createServiceClient, normaliseBaseUrl } from '../../../electron/services/service-client';
import { createSettingsFeature, type SettingsDeps } from '../../../electron/runtime/features/settings';

/** The service address: one form whatever was pasted, and never the key in clear off this machine. */

function refusal(baseUrl: string) {
  try {
    createServiceClient({ baseUrl, getApiKey: async () => 'k' });
  } catch (err) {
    if (isAppError(err)) return err;
    throw err;
  }
  throw new Error(`expected ${baseUrl} to be refused`);
}

describe('service base URL', () => {
  it.each([
    ['https://svc.test', 'https://svc.test'],
    ['https://svc.test/', 'https://svc.test'],
    ['https://svc.test//', 'https://svc.test'],
    ['https://svc.test/v1', 'https://svc.test'],
    ['https://svc.test/v1/', 'https://svc.test'],
    [' https://svc.test/api/v1/ ', 'https://svc.test/api'],
    ['https://svc.test:8443/api', 'https://svc.test:8443/api'],
    ['https://svc.test/v10', 'https://svc.test/v10'],
  ])('%s → %s', (input, normalised) => {
    expect(normaliseBaseUrl(input)).toBe(normalised);
  });

  it('reaches /v1/vaults whether /v1 was pasted or not, never /v1/v1/', async () => {
    for (const baseUrl of ['https://svc.test/v1', 'https://svc.test/v1/', 'https://svc.test']) {
      const urls: string[] = [];
      const fetchImpl = (async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ data: [], totalCount: 0 }), { status: 200 });
      }) as unknown as typeof fetch;
      await createServiceClient({ baseUrl, getApiKey: async () => 'k', fetch: fetchImpl }).listVaults();
      expect(urls).toEqual(['https://svc.test/v1/vaults']);
    }
  });

  it('accepts http:// on loopback only', () => {
    for (const local of ['http://127.0.0.1:4000', 'http://127.8.9.10/', 'http://localhost:3000/v1', 'http://[::1]:8080']) {
      expect(() => normaliseBaseUrl(local)).not.toThrow();
    }
    const refused = refusal('http://svc.example/v1');
    expect(refused.code).toBe('SERVICE_BAD_URL');
    expect(refused.message).toMatch(/https:\/\//);
    expect(refused.action).toMatch(/Settings/);
    expect(refusal('http://10.0.0.5').code).toBe('SERVICE_BAD_URL');
    expect(refusal('http://127.0.0.1.evil.example').code).toBe('SERVICE_BAD_URL');
    expect(refusal('ftp://svc.example').code).toBe('SERVICE_BAD_URL');
    expect(refusal('svc.example').message).toMatch(/not a URL/);
  });

  it('is refused when set in Settings, before the key reaches the keychain', async () => {
    const saved: string[] = [];
    const deps = {
      vault: { save: async (url: string) => void saved.push(url) },
      settings: { read: async () => ({ value: {} }), write: async () => {} },
      log: { info: () => {} },
      onModeChanged: async () => {},
    } as unknown as SettingsDeps;
    const settings = createSettingsFeature(deps).handlers.settings!;
    await expect(settings.setApiKey!({ serviceUrl: 'http://svc.example', apiKey: 'k-12345678' }, { transport: 'electron' })).rejects.toMatchObject({ code: 'SERVICE_BAD_URL' });
    expect(saved).toEqual([]);
  });
});
