/**
 * What the sidebar's device card says in the states the demo's emulated Ledger cannot reach (a
 * device held by another application, an app too old), and what "Check again" / "Open Ethereum" do.
 */
import { describe, expect, it } from 'vitest';
import { deviceHint, deviceIdentity, deviceSummary, useDeviceStore } from '../../../renderer/src/device/device-store';
import { followWindowVisibility } from '../../../renderer/src/device/window-visibility';
import { freshStores, installFakeBridge, refusal } from './fake-bridge';

freshStores(useDeviceStore);

describe('device card', () => {
  it('another application holding the Ledger: says so and names the fix', () => {
    const state = {
      status: 'in-use' as const,
      error: {
        code: 'DEVICE_CANNOT_OPEN',
        message: 'Another application is using the Ledger, so Vaultdesk cannot open it.',
        action: 'Close Ledger Live …, then choose "Check again".',
      },
    };
    expect(deviceSummary(state)).toEqual({ text: 'Ledger in use by another application', tone: 'warn' });
    expect(deviceHint(state)).toMatch(/Check again/);
  });

  it('an Ethereum app older than 1.14.0: too old, with the version to update to', () => {
    const state = { status: 'ready' as const, appVersion: '1.13.1', blindSigning: true };
    expect(deviceSummary(state)).toEqual({ text: 'Ledger: Ethereum app 1.13.1 is too old', tone: 'warn' });
    expect(deviceHint(state)).toMatch(/Update the Ethereum app to 1\.14\.0 or later in Ledger Live/);
    expect(deviceSummary({ status: 'ready', appVersion: '1.14.0', blindSigning: true }).tone).toBe('ok');
  });

  it('names the model the transport reported, and keeps model and app version through a review for the predictions', () => {
    expect(deviceSummary({ status: 'ready', appVersion: '1.22.0', blindSigning: true, model: 'stax' }).text).toBe(
      'Ledger Stax ready · Ethereum 1.22.0 · blind signing on',
    );
    useDeviceStore.setState({ state: { status: 'ready', appVersion: '1.19.3', blindSigning: true, model: 'flex' } });
    useDeviceStore.setState({ state: { status: 'awaiting-confirmation', kind: 'sign-transaction', screens: [] } });
    expect(useDeviceStore.getState().target).toEqual({ appVersion: '1.19.3', model: 'flex', osVersion: null });
    useDeviceStore.setState({ state: { status: 'dashboard', osVersion: '2.4.1', model: 'nanoSP' } });
    expect(useDeviceStore.getState().target).toEqual({ appVersion: '1.19.3', model: 'nanoSP', osVersion: '2.4.1' });
  });

  it('says what the device is without repeating the state line, and nothing of an OS version no app tells', () => {
    const ready = { status: 'ready', appVersion: '1.22.0', blindSigning: true, model: 'stax' } as const;
    useDeviceStore.setState({ state: ready });
    // The state line names the model and the app version already; the OS version is not known inside an app.
    expect(deviceIdentity(useDeviceStore.getState().target, ready)).toBeNull();
    useDeviceStore.setState({ state: { ...ready, osVersion: '1.8.1' } });
    expect(deviceIdentity(useDeviceStore.getState().target, { ...ready, osVersion: '1.8.1' })).toBe('OS 1.8.1');
    useDeviceStore.setState({ state: { status: 'locked' } });
    expect(deviceIdentity(useDeviceStore.getState().target, { status: 'locked' })).toBe('Ledger Stax · Ethereum app 1.22.0 · OS 1.8.1');
    useDeviceStore.setState({ state: { status: 'disconnected' } });
    expect(deviceIdentity(useDeviceStore.getState().target, { status: 'disconnected' }) ?? '').not.toMatch(/OS 1\.8\.1/);
  });

  it('another app open: the hint names "Open Ethereum"', () => {
    expect(deviceHint({ status: 'wrong-app', appName: 'Bitcoin' })).toMatch(/Quit Bitcoin on the device, or choose Open Ethereum/);
  });

  it('"Check again" asks the device and shows its answer; a failure of "Open Ethereum" is kept for the card', async () => {
    installFakeBridge({
      'device.refresh': () => ({ status: 'ready', appVersion: '1.19.1', blindSigning: true }),
      'device.openEthereumApp': () => {
        throw refusal('DEVICE_OPEN_APP_REFUSED', 'Opening the Ethereum app was refused on the Ledger.');
      },
    });
    await useDeviceStore.getState().check();
    expect(useDeviceStore.getState()).toMatchObject({ state: { status: 'ready' }, busy: null, actionError: null });
    await useDeviceStore.getState().openEthereum();
    expect(useDeviceStore.getState()).toMatchObject({ busy: null, actionError: { code: 'DEVICE_OPEN_APP_REFUSED' } });
  });
});

describe('the window and the device watch', () => {
  /** A stand-in for `document`: its visibility, and the event the browser fires when it changes. */
  function fakeDocument(initial: 'visible' | 'hidden') {
    const target = new EventTarget();
    const doc = {
      visibilityState: initial as string,
      addEventListener: (type: 'visibilitychange', l: () => void) => target.addEventListener(type, l),
      removeEventListener: (type: 'visibilitychange', l: () => void) => target.removeEventListener(type, l),
      set(state: 'visible' | 'hidden') {
        doc.visibilityState = state;
        target.dispatchEvent(new Event('visibilitychange'));
      },
    };
    return doc;
  }

  it('tells the main side when the window is hidden and shown again, once per change, and stops when told to', async () => {
    const bridge = installFakeBridge({ 'device.setVisible': ({ visible }: { visible: boolean }) => ({ watching: visible }) });
    const doc = fakeDocument('visible');
    const stop = followWindowVisibility(doc);
    doc.set('hidden');
    doc.set('hidden');
    doc.set('visible');
    stop();
    doc.set('hidden');
    await Promise.resolve();
    expect(bridge.calls).toEqual([
      { method: 'device.setVisible', input: { visible: false } },
      { method: 'device.setVisible', input: { visible: true } },
    ]);
  });

  it('a window that starts hidden says so at once', () => {
    const bridge = installFakeBridge({ 'device.setVisible': () => ({ watching: false }) });
    followWindowVisibility(fakeDocument('hidden'))();
    expect(bridge.calls).toEqual([{ method: 'device.setVisible', input: { visible: false } }]);
  });
});
