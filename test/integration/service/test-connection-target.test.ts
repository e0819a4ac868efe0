import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/runtime/dispatch';
import { isPrivateAddress, privateAddressesOf } from '../../../electron/services/settings/service-target';
import { serviceOnlySimulation, startTestConsole, type TestConsole } from '../../support/console';

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole({ startSimulation: serviceOnlySimulation });
});
afterAll(async () => {
  await c?.close();
});

const test = (input: Record<string, unknown>) =>
  dispatch(c.runtime.handlers, 'settings.testConnection', { apiKey: 'vk_target_test_0001', ...input }, { transport: 'browser' });

describe('testing a service address typed in Settings', () => {
  it('does not reach the local network or a metadata address unless the operator confirms', async () => {
    for (const serviceUrl of [
      'https://10.1.2.3',
      'https://169.254.169.254/latest',
      'https://192.168.1.1:8443',
      'https://[fe80::1]',
      'https://[::ffff:10.0.0.1]',
      'https://0x0a000001',
      'https://[fd00::5]',
    ]) {
      const started = Date.now();
      const result = await test({ serviceUrl });
      expect(result, serviceUrl).toMatchObject({
        ok: false,
        error: { code: 'SERVICE_PRIVATE_ADDRESS', action: expect.stringContaining('save the key without testing it') },
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    // Confirmed: the console tries, and says what happened.
    const confirmed = await test({ serviceUrl: 'https://[fe80::1]', allowPrivateAddress: true });
    expect(confirmed).toMatchObject({ ok: true, value: { ok: false } });
  });

  it('takes http:// only for this machine', async () => {
    expect(await test({ serviceUrl: 'http://api.example.com' })).toMatchObject({ ok: false, error: { code: 'SERVICE_BAD_URL' } });
    const local = await test({ serviceUrl: 'http://127.0.0.1:9' });
    expect(local).toMatchObject({ ok: true, value: { ok: false } });
  });

  it('judges a name by every address it resolves to', async () => {
    const lookup = async (host: string) => (host === 'internal.example' ? ['93.184.216.34', '10.0.0.7'] : ['93.184.216.34']);
    expect(await privateAddressesOf('https://internal.example/v1', lookup)).toEqual(['10.0.0.7']);
    expect(await privateAddressesOf('https://public.example', lookup)).toEqual([]);
    expect(isPrivateAddress('127.0.0.1')).toBe(false);
    expect(isPrivateAddress('::1')).toBe(false);
    expect(isPrivateAddress('100.64.0.1')).toBe(true);
    expect(isPrivateAddress('0.0.0.0')).toBe(true);
  });
});
