import { describe, expect, it } from 'vitest';
import { apiKeyAccount, apiKeyFingerprint } from '../../../electron/services/secrets/api-key';

describe('API key account and fingerprint', () => {
  it('keys one keychain entry per service, whatever the spelling of its URL', () => {
    expect(apiKeyAccount('https://API.example.com/')).toBe('https://api.example.com');
    expect(apiKeyAccount('https://api.example.com/v1/?x=1')).toBe('https://api.example.com/v1');
    expect(apiKeyAccount('https://api.example.com:8443/')).toBe('https://api.example.com:8443');
    expect(apiKeyAccount('https://staging.example.com')).not.toBe(apiKeyAccount('https://api.example.com'));
  });

  it('fingerprints without revealing any part of the key', () => {
    const key = 'vk_live_4f9a1c2e8b7d6a5f';
    const fp = apiKeyFingerprint(key);
    expect(fp).toMatch(/^sha256:[0-9a-f]{8}$/);
    expect(fp).toBe(apiKeyFingerprint(key));
    expect(fp).not.toBe(apiKeyFingerprint(`${key}x`));
    for (let i = 0; i + 4 <= key.length; i++) expect(fp.slice(7)).not.toContain(key.slice(i, i + 4));
  });
});
