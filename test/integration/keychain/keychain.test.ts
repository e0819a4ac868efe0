import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/paths';
import { ApiKeyVault } from '../../../electron/services/secrets/api-key';
import { KeychainSecretStore } from '../../../electron/services/secrets/keychain-store';

// Runs against a real Secret Service (GNOME Keyring in a private D-Bus session, see scripts/with-keyring.sh).
const service = `Vaultdesk test ${process.pid}`;
const store = new KeychainSecretStore(service);
const vault = new ApiKeyVault(store);

afterEach(async () => {
  await vault.remove('https://api.example.com').catch(() => false);
  await vault.remove('https://staging.example.com').catch(() => false);
});

describe('OS keychain', () => {
  it('is available in the test session', async () => {
    expect(await store.availability()).toEqual({ available: true });
  });

  it('saves, reads, replaces and removes a key per service URL', async () => {
    expect(await vault.read('https://api.example.com')).toBeNull();
    await vault.save('https://api.example.com/', 'vk_first_key_0001');
    await vault.save('https://staging.example.com', 'vk_staging_key_02');
    expect(await vault.read('https://API.example.com')).toBe('vk_first_key_0001');
    await vault.save('https://api.example.com', 'vk_second_key_003');
    expect(await vault.read('https://api.example.com')).toBe('vk_second_key_003');
    expect(await vault.read('https://staging.example.com')).toBe('vk_staging_key_02');
    expect(await vault.remove('https://api.example.com')).toBe(true);
    expect(await vault.read('https://api.example.com')).toBeNull();
    expect(await vault.remove('https://api.example.com')).toBe(false);
  });
});

describe('keychain unavailable', () => {
  it('explains what is missing instead of crashing', () => {
    // libsecret keeps its D-Bus connection for the life of a process: probe from a fresh one
    // whose session bus does not exist, as on a machine with no Secret Service running.
    const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'test/fixtures/keychain-probe.ts')], {
      encoding: 'utf8',
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/vaultdesk-no-bus' },
      timeout: 30_000,
    });
    const report = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
    expect(report.availability.available).toBe(false);
    expect(report.error).toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE', action: expect.stringContaining('Secret Service') });
    expect(report.error.message).toMatch(/^The OS keychain is not available: /);
  });
});
