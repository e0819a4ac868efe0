import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_FILE_NAME, type ConsoleRuntime } from '../../../electron/runtime';
import { startSimService, type SimService } from '../../../electron/demo/service';
import { serviceOnlySimulation } from '../../support/console';
import { startTestRuntime, testDataDir } from '../../support/test-runtime';

// A headless machine with no Secret Service: this process's session bus does not exist, whether
// or not the test runs inside scripts/with-keyring.sh (libsecret connects at its first call, after
// this line). The keychain is the real one, and cannot be reached; the service is real HTTP.
process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/vaultdesk-no-bus';

const ctx = { transport: 'browser' as const };
const PASSPHRASE = 'correct horse battery staple';
let service: SimService;
let dataDir: string;
let runtime: ConsoleRuntime;

/** The console on this data folder, as started again after a restart. */
const open = async () => (await startTestRuntime('key-file', { dataDir, startSimulation: serviceOnlySimulation })).runtime;

/** Every file the console wrote in its data folder, with its text. */
function filesIn(dir: string): { file: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesIn(file) : [{ file, text: readFileSync(file, 'utf8') }];
  });
}

beforeAll(async () => {
  service = await startSimService({ port: 0, seed: 5, wallets: 12 });
  dataDir = testDataDir('key-file');
  runtime = await open();
}, 60_000);

afterAll(async () => {
  await runtime?.close();
  await service?.close();
});

describe('a console whose OS keychain cannot be reached', () => {
  it('says so before a key is typed, refuses to save one with nowhere to keep it, and says what to do', async () => {
    const status = await runtime.handlers.settings.apiKeyStatus({}, ctx);
    expect(status).toMatchObject({ keychainAvailable: false, keyFile: 'absent', configured: false });
    expect(status.keychainProblem).toMatch(/\S/);
    const save = runtime.handlers.settings.setApiKey({ serviceUrl: service.url, apiKey: service.apiKey }, ctx);
    await expect(save).rejects.toMatchObject({
      code: 'KEY_STORE_UNAVAILABLE',
      message: expect.stringMatching(/^The key was not saved: the OS keychain cannot be reached \(.+\) and the encrypted key file is not made yet\.$/),
      action: expect.stringContaining('Create the encrypted key file with a passphrase in Settings'),
    });
    // Nothing was kept: no address, no file.
    expect((await runtime.handlers.settings.apiKeyStatus({}, ctx)).serviceUrl).toBeNull();
    expect(filesIn(dataDir).some((f) => f.file.endsWith(KEY_FILE_NAME))).toBe(false);
    await expect(runtime.handlers.settings.unlockKeyFile({ passphrase: 'too short' }, ctx)).rejects.toMatchObject({ code: 'KEY_FILE_PASSPHRASE_SHORT' });
  });

  it('keeps the key in a passphrase-encrypted file and reads the real service with it', async () => {
    expect(await runtime.handlers.settings.unlockKeyFile({ passphrase: PASSPHRASE }, ctx)).toMatchObject({ keyFile: 'unlocked', configured: false });
    const saved = await runtime.handlers.settings.setApiKey({ serviceUrl: service.url, apiKey: service.apiKey }, ctx);
    expect(saved).toMatchObject({ configured: true, keyFile: 'unlocked', serviceUrl: service.url });
    expect((await runtime.handlers.app.info({}, ctx)).mode).toBe('live');
    // Keyed routes answer: the service took the key from the file.
    expect((await runtime.handlers.campaigns.list({}, ctx)).campaigns.length).toBeGreaterThan(0);
    expect((await runtime.handlers.settings.testConnection({}, ctx)).ok).toBe(true);

    // Neither the key nor the passphrase is in any file the console wrote, the log included.
    const files = filesIn(dataDir);
    expect(files.map((f) => path.basename(f.file))).toContain(KEY_FILE_NAME);
    for (const { file, text } of files) {
      expect(text, file).not.toContain(service.apiKey);
      expect(text, file).not.toContain(PASSPHRASE);
    }
    const keyFile = JSON.parse(files.find((f) => f.file.endsWith(KEY_FILE_NAME))!.text);
    expect(keyFile).toMatchObject({ format: 'vaultdesk-key-file', kdf: { name: 'scrypt' }, cipher: { name: 'aes-256-gcm' } });
    expect(statSync(path.join(dataDir, KEY_FILE_NAME)).mode & 0o077).toBe(0);
  });

  it('asks for the passphrase again after a restart: read-only until then, live after', async () => {
    await runtime.close();
    runtime = await open();
    expect((await runtime.handlers.app.info({}, ctx)).mode).toBe('public');
    expect(await runtime.handlers.settings.apiKeyStatus({}, ctx)).toMatchObject({ keyFile: 'locked', configured: false, serviceUrl: service.url });
    await expect(runtime.handlers.settings.setApiKey({ serviceUrl: service.url, apiKey: service.apiKey }, ctx)).rejects.toMatchObject({
      code: 'KEY_STORE_UNAVAILABLE',
      action: 'Enter the key file passphrase in Settings, then save the key again.',
    });
    await expect(runtime.handlers.settings.unlockKeyFile({ passphrase: 'correct horse battery stable' }, ctx)).rejects.toMatchObject({
      code: 'KEY_FILE_WRONG_PASSPHRASE',
      message: expect.stringContaining('does not open the key file'),
    });
    expect((await runtime.handlers.app.info({}, ctx)).mode).toBe('public');
    expect(await runtime.handlers.settings.unlockKeyFile({ passphrase: PASSPHRASE }, ctx)).toMatchObject({ keyFile: 'unlocked', configured: true });
    expect((await runtime.handlers.app.info({}, ctx)).mode).toBe('live');
    expect((await runtime.handlers.campaigns.list({}, ctx)).campaigns.length).toBeGreaterThan(0);

    // Locked again, the console reads only the public routes; removed, the key goes with the file.
    expect(await runtime.handlers.settings.lockKeyFile({}, ctx)).toMatchObject({ keyFile: 'locked' });
    expect((await runtime.handlers.app.info({}, ctx)).mode).toBe('public');
    expect(await runtime.handlers.settings.removeKeyFile({}, ctx)).toMatchObject({ keyFile: 'absent', configured: false });
    expect(filesIn(dataDir).some((f) => f.file.endsWith(KEY_FILE_NAME))).toBe(false);
  });
});
