import { describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../../renderer/src/settings/settings-store';
import { deferred, freshStores, installFakeBridge, refusal } from './fake-bridge';

freshStores(useSettingsStore);

describe('settings store', () => {
  it('reads whether a key is saved', async () => {
    installFakeBridge({ 'settings.apiKeyStatus': () => ({ configured: false }) });
    await useSettingsStore.getState().load();
    expect(useSettingsStore.getState()).toMatchObject({ status: { configured: false }, error: null });
  });

  it('saves a key, busy meanwhile, and says where it went', async () => {
    const answer = deferred<unknown>();
    const bridge = installFakeBridge({ 'settings.setApiKey': () => answer.promise });
    const saved = useSettingsStore.getState().save('https://service.example', 'k');
    expect(useSettingsStore.getState().busy).toBe('save');
    answer.resolve({ configured: true, fingerprint: 'sha256:0123abcd' });
    expect(await saved).toBe(true);
    expect(bridge.calls[0]!.input).toEqual({ serviceUrl: 'https://service.example', apiKey: 'k' });
    expect(useSettingsStore.getState()).toMatchObject({ busy: null, error: null });
    expect(useSettingsStore.getState().notice).toContain('sha256:0123abcd');
  });

  it('keeps a refused test or save with what to do', async () => {
    installFakeBridge({
      'settings.testConnection': () => Promise.reject(refusal('UNREACHABLE')),
      'settings.setApiKey': () => Promise.reject(refusal('KEYCHAIN_LOCKED')),
    });
    await useSettingsStore.getState().testConnection('https://service.example', '');
    expect(useSettingsStore.getState()).toMatchObject({ busy: null, test: null, error: { code: 'UNREACHABLE', action: 'What to do.' } });
    expect(await useSettingsStore.getState().save('https://service.example', 'k')).toBe(false);
    expect(useSettingsStore.getState()).toMatchObject({ busy: null, notice: null, error: { code: 'KEYCHAIN_LOCKED' } });
  });

  it('a local-network address refused by the test can be confirmed, and the test is made again with that confirmation', async () => {
    let confirmedCalls = 0;
    const bridge = installFakeBridge({
      'settings.testConnection': (input: { allowPrivateAddress?: boolean }) => {
        if (input.allowPrivateAddress !== true)
          throw refusal('SERVICE_PRIVATE_ADDRESS', '192.168.1.20 is an address on the local network.');
        confirmedCalls++;
        return {
          ok: true,
          serviceUrl: 'https://192.168.1.20',
          latencyMs: 3,
          vaultCount: 2,
          message: 'Connected: the service accepted the key.',
        };
      },
    });
    const store = useSettingsStore.getState();
    await store.testConnection('https://192.168.1.20', 'k');
    expect(useSettingsStore.getState()).toMatchObject({
      test: null,
      error: { code: 'SERVICE_PRIVATE_ADDRESS' },
      localAddress: 'https://192.168.1.20',
    });
    await store.testConnection('https://192.168.1.20', 'k', { allowPrivateAddress: true });
    expect(bridge.calls.map((c) => c.input)).toEqual([
      { serviceUrl: 'https://192.168.1.20', apiKey: 'k' },
      { serviceUrl: 'https://192.168.1.20', apiKey: 'k', allowPrivateAddress: true },
    ]);
    expect(confirmedCalls).toBe(1);
    expect(useSettingsStore.getState()).toMatchObject({ error: null, localAddress: null, test: { ok: true, vaultCount: 2 } });
  });

  it('offers no confirmation for any other refusal, nor for the saved key', async () => {
    installFakeBridge({ 'settings.testConnection': () => Promise.reject(refusal('SERVICE_PRIVATE_ADDRESS')) });
    await useSettingsStore.getState().testConnection('https://192.168.1.20', '');
    expect(useSettingsStore.getState().localAddress).toBeNull();
    installFakeBridge({ 'settings.testConnection': () => Promise.reject(refusal('UNREACHABLE')) });
    await useSettingsStore.getState().testConnection('https://service.example', 'k');
    expect(useSettingsStore.getState().localAddress).toBeNull();
  });

  it('reads the sites links may open, and keeps a failure to read them for the card', async () => {
    installFakeBridge({ 'settings.linkHosts': () => ({ builtIn: ['etherscan.io'], namedByService: ['kyc.northwind.example'] }) });
    await useSettingsStore.getState().loadLinkHosts();
    expect(useSettingsStore.getState().linkHosts).toEqual({ builtIn: ['etherscan.io'], namedByService: ['kyc.northwind.example'] });
    installFakeBridge({ 'settings.linkHosts': () => Promise.reject(refusal('INTERNAL')) });
    await useSettingsStore.getState().loadLinkHosts();
    expect(useSettingsStore.getState().linkHosts).toMatchObject({ code: 'INTERNAL', action: 'What to do.' });
  });
});
