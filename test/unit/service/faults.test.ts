import { describe, expect, it } from 'vitest';
import { FaultControl } from '../../../electron/demo/service/faults';

describe('FaultControl', () => {
  it('serves scripted faults in order, only to matching requests', () => {
    const faults = new FaultControl();
    faults.enqueue({ kind: 'rateLimit', path: '/v1/vaults', retryAfterSeconds: 3 }, { kind: 'truncate', method: 'GET' });
    expect(faults.pick('GET', '/v1/tokens')?.kind).toBe('truncate');
    expect(faults.pick('POST', '/v1/tokens')).toBeNull();
    expect(faults.pick('GET', '/v1/vaults/abc')).toEqual({ kind: 'rateLimit', retryAfterSeconds: 3 });
    expect(faults.pick('GET', '/v1/vaults')).toBeNull();
    expect(faults.served.rateLimit).toBe(1);
    expect(faults.pending).toBe(0);
  });

  it('draws faults at the configured rates and can be switched off', () => {
    let i = 0;
    const sequence = [0.1, 0.9, 0.6];
    const faults = new FaultControl({ failRate: 0.5 }, () => sequence[i++ % sequence.length]!);
    expect(faults.pick('GET', '/v1/chains')?.kind).toBe('unavailable');
    expect(faults.pick('GET', '/v1/chains')).toBeNull();
    faults.set({ failRate: 0, malformedRate: 1 });
    expect(faults.pick('GET', '/v1/chains')?.kind).toBe('malformedJson');
    faults.reset();
    expect(faults.pick('GET', '/v1/chains')).toBeNull();
    expect(faults.settings.latencyMs).toBe(0);
  });
});
