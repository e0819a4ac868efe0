import { describe, expect, it } from 'vitest';
import type { ServiceState } from '../../../shared/ipc/schemas';
import { useServiceStateStore } from '../../../renderer/src/components/service-state-store';
import { deferred, freshStores, installFakeBridge } from './fake-bridge';

freshStores(useServiceStateStore);

const stateOf = (count: number, waitingUntilMs: number | null = null): ServiceState => ({
  setAside: {
    count,
    records: Array.from({ length: count }, (_, index) => ({
      endpoint: 'GET /v1/vaults',
      index,
      id: `v${index}`,
      path: 'feePercentage',
      reason: 'Invalid input',
    })),
  },
  rateLimit: { waitingUntilMs },
});

describe('service state store', () => {
  it('reads what the service’s reads set aside, then follows the pushed state', async () => {
    const bridge = installFakeBridge({ 'app.serviceState': () => stateOf(2) });
    const stop = useServiceStateStore.getState().init();
    await expect.poll(() => useServiceStateStore.getState().state?.setAside.count).toBe(2);
    bridge.emit('serviceState', stateOf(0, 1_700_000_008_000));
    expect(useServiceStateStore.getState().state).toEqual(stateOf(0, 1_700_000_008_000));
    stop();
    bridge.emit('serviceState', stateOf(5));
    expect(useServiceStateStore.getState().state?.setAside.count).toBe(0);
  });

  it('keeps a state pushed while its first read was on its way, the newer of the two', async () => {
    const answer = deferred<ServiceState>();
    const bridge = installFakeBridge({ 'app.serviceState': () => answer.promise });
    useServiceStateStore.getState().init();
    bridge.emit('serviceState', stateOf(1, 1_700_000_005_000));
    answer.resolve(stateOf(3));
    await answer.promise;
    await Promise.resolve();
    expect(useServiceStateStore.getState().state).toEqual(stateOf(1, 1_700_000_005_000));
  });
});
