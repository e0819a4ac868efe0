/**
 * The Ethereum app versions the console relies on (from the app's change log): an older app is
 * refused before anything reaches its screen, with what it means and what to do.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceService } from '../../../electron/services/device';
import type { DeviceTransactionRequest } from '../../../shared/device';
import { compareVersions, missingFeatures } from '../../../shared/device';
import { CONTRACT, PATH, caught, setup, waitForStatus } from './harness';
import { contractCall } from './requests';

const CALL = contractCall({ chainId: 31337, nonce: 4, data: '0xd0e30db0' });
const LEGACY_TRANSFER: DeviceTransactionRequest = {
  type: 'legacy',
  chainId: 1,
  nonce: 0,
  to: CONTRACT,
  value: '1',
  gas: '21000',
  gasPrice: '1',
};

const running: DeviceService[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

function device(appVersion: string) {
  const ctx = setup({ appVersion, blindSigning: true, autoApprove: true });
  running.push(ctx.service);
  void ctx.service.start();
  return ctx;
}

describe('Ethereum app version gates', () => {
  it('compares versions numerically', () => {
    expect(compareVersions('1.9.19', '1.14.0')).toBeLessThan(0);
    expect(compareVersions('1.14.0', '1.14.0')).toBe(0);
    expect(missingFeatures('1.13.1')).toEqual(['blindSigningHash']);
    expect(missingFeatures('1.19.1')).toEqual([]);
  });

  it('1.13: a contract call is refused before the device shows anything, since that app shows no hash to compare', async () => {
    const { ledger, service } = device('1.13.1');
    await waitForStatus(service, 'ready');
    let reviews = 0;
    ledger.subscribe((e) => void (e.type === 'awaiting-confirmation' && reviews++));
    expect(await caught(service.signTransaction(PATH, CALL))).toMatchObject({
      code: 'DEVICE_APP_TOO_OLD',
      message: expect.stringMatching(/version 1\.13\.1.*transaction hash.*1\.14\.0.*Nothing was signed/),
      action: expect.stringMatching(/Update the Ethereum app in Ledger Live/),
    });
    expect(reviews).toBe(0);
    // A plain transfer (no blind signing) still goes through.
    expect(await service.signTransaction(PATH, LEGACY_TRANSFER)).toMatchObject({ from: expect.any(String) });
  });

  it('1.8: EIP-1559 is refused (the app has it from 1.9.0)', async () => {
    const { service } = device('1.8.8');
    await waitForStatus(service, 'ready');
    expect(await caught(service.signTransaction(PATH, { ...CALL, data: undefined, value: '1' }))).toMatchObject({
      code: 'DEVICE_APP_TOO_OLD',
      message: expect.stringMatching(/EIP-1559.*1\.9\.0/),
    });
  });

  it('1.14.0 signs a contract call', async () => {
    const { service } = device('1.14.0');
    await waitForStatus(service, 'ready');
    expect(await service.signTransaction(PATH, CALL)).toMatchObject({ from: expect.any(String) });
  });
});
