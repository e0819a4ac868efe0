import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../shared/ipc/schemas';
import { useNavigationStore } from '../../../renderer/src/navigation/navigation-store';
import { freshStores, installFakeBridge, refusal } from './fake-bridge';

freshStores(useNavigationStore);

const infoOf = (mode: AppInfo['mode']): AppInfo => ({ mode, version: '0.1.0' }) as unknown as AppInfo;

describe('navigation store', () => {
  it('reads what the console is looking at and stays on the screen it is on', async () => {
    installFakeBridge({ 'app.info': () => infoOf('demo') });
    useNavigationStore.getState().go('wallets');
    await useNavigationStore.getState().loadInfo();
    expect(useNavigationStore.getState()).toMatchObject({ info: infoOf('demo'), screen: 'wallets', error: null });
  });

  it('opens an offline-review install on its bundles, once', async () => {
    installFakeBridge({ 'app.info': () => infoOf('offline') });
    await useNavigationStore.getState().loadInfo();
    expect(useNavigationStore.getState().screen).toBe('bundles');
    useNavigationStore.getState().go('overview');
    await useNavigationStore.getState().loadInfo();
    expect(useNavigationStore.getState().screen).toBe('overview');
  });

  it('keeps the failure when the console cannot say what it is', async () => {
    installFakeBridge({ 'app.info': () => Promise.reject(refusal('SHELL_DOWN')) });
    await useNavigationStore.getState().loadInfo();
    expect(useNavigationStore.getState()).toMatchObject({ info: null, error: { code: 'SHELL_DOWN' } });
  });

  it('counts each change of source so screens reload, and opens a vault page', () => {
    useNavigationStore.getState().setInfo(infoOf('live'));
    useNavigationStore.getState().setInfo(infoOf('demo'));
    useNavigationStore.getState().openVault('v1');
    expect(useNavigationStore.getState()).toMatchObject({ sourceVersion: 2, screen: 'vault', vaultId: 'v1', info: infoOf('demo') });
  });
});
