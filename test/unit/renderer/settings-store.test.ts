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
});
