import { describe, expect, it } from 'vitest';
import { useDeviceStore } from '../../../renderer/src/device/device-store';
import { useSigningStore } from '../../../renderer/src/signing/signing-store';
import { deferred, freshStores, installFakeBridge, refusal } from './fake-bridge';

freshStores(useDeviceStore, useSigningStore);

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('device store', () => {
  it('reads the device and, when it is emulated, the emulator; then follows the events', async () => {
    const bridge = installFakeBridge({
      'device.state': () => ({ kind: 'emulated', state: { status: 'locked' } }),
      'emulator.snapshot': () => ({ plugged: true, locked: true }),
    });
    const stop = useDeviceStore.getState().init();
    await tick();
    expect(useDeviceStore.getState()).toMatchObject({ kind: 'emulated', state: { status: 'locked' }, emulator: { plugged: true } });
    bridge.emit('deviceState', { kind: 'hid', state: { status: 'disconnected' } });
    expect(useDeviceStore.getState()).toMatchObject({ kind: 'hid', state: { status: 'disconnected' }, emulator: null });
    stop();
    bridge.emit('deviceState', { kind: 'emulated', state: { status: 'ready' } });
    expect(useDeviceStore.getState().kind).toBe('hid');
  });

  it('keeps the failure of a press with what to do', async () => {
    installFakeBridge({ 'emulator.command': () => Promise.reject(refusal('EMULATOR_UNPLUGGED')) });
    await useDeviceStore.getState().press('approve');
    expect(useDeviceStore.getState().error).toMatchObject({ code: 'EMULATOR_UNPLUGGED', action: 'What to do.' });
  });
});

describe('signing store', () => {
  it('plans, planning meanwhile, and a new plan replaces the batch on screen', async () => {
    const answer = deferred<unknown>();
    installFakeBridge({ 'signing.plan': () => answer.promise });
    useSigningStore.setState({ batch: { id: 'b0' } as never });
    const planned = useSigningStore.getState().makePlan({ vaultId: 'v1', action: 'claim', wallets: [] } as never);
    expect(useSigningStore.getState()).toMatchObject({ planning: true, batch: null, plan: null });
    answer.resolve({ id: 'p1' });
    expect(await planned).toBe(true);
    expect(useSigningStore.getState()).toMatchObject({ planning: false, plan: { id: 'p1' }, error: null });
  });

  it('keeps a refused plan with what to do', async () => {
    installFakeBridge({ 'signing.plan': () => Promise.reject(refusal('NOTHING_TO_SIGN')) });
    expect(await useSigningStore.getState().makePlan({ vaultId: 'v1', action: 'claim', wallets: [] } as never)).toBe(false);
    expect(useSigningStore.getState()).toMatchObject({ planning: false, plan: null, error: { code: 'NOTHING_TO_SIGN' } });
  });

  it('follows the batch on screen through the events, and lists the others again when theirs change', async () => {
    const bridge = installFakeBridge({ 'signing.listBatches': () => [{ id: 'b1' }, { id: 'b2' }] });
    useSigningStore.setState({ batch: { id: 'b1', status: 'running', items: [{ id: 'i1', state: 'queued' }] } as never });
    const stop = useSigningStore.getState().init();
    await tick();
    bridge.emit('signing', { batchId: 'b1', type: 'item', item: { id: 'i1', state: 'signed' } });
    bridge.emit('signing', { batchId: 'b1', type: 'batch', status: 'paused', pause: { reason: 'locked' } });
    expect(useSigningStore.getState().batch).toMatchObject({
      status: 'paused',
      pause: { reason: 'locked' },
      items: [{ id: 'i1', state: 'signed' }],
    });
    bridge.emit('signing', { batchId: 'b2', type: 'batch', status: 'done' });
    await tick();
    stop();
    expect(bridge.calls.filter((c) => c.method === 'signing.listBatches')).toHaveLength(3);
    expect(useSigningStore.getState().batches).toEqual([{ id: 'b1' }, { id: 'b2' }]);
  });
});
