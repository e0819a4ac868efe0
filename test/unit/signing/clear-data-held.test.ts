import { encodeFunctionData, erc20Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { carryingCertifiedCalls } from '../../../electron/runtime/ledger-service';
import type { CarriedCall, CarrySource } from '../../../electron/services/device/ledger-service/carried-call';
import { signOnDevice, type SigningDevice } from '../../../electron/services/signing/device-delivery';
import type { DeviceTransactionRequest } from '../../../shared/device';
import type { BatchItem } from '../../../shared/signing/schemas';
import { batchItem, draftDepositClaim, TX, WALLET } from './batch-fixture';

// A call the operator reviewed as the Ledger shows it in clear goes to the device with its certified
// description, which the install holds in memory (from Ledger's service online, from the bundle
// offline). After a restart that description is gone until the plan or the bundle is opened again:
// the item must wait, never reach the device blind with a hash its review never showed.

const CLAIM = draftDepositClaim();
const clearReviewed = (tx: DeviceTransactionRequest = { ...TX, data: CLAIM.tx.data }): BatchItem =>
  batchItem('001', { tx, review: { ...CLAIM.review, blindSigning: false } });

/** The device as far as the pipeline sees it: what it was asked to sign. */
function recordingDevice(): SigningDevice & { asked: DeviceTransactionRequest[] } {
  const asked: DeviceTransactionRequest[] = [];
  return {
    asked,
    signTransaction: async (_path, request) => {
      asked.push(request);
      return { serialized: '0x02', hash: `0x${'11'.repeat(32)}`, signingHash: `0x${'22'.repeat(32)}`, r: '0x1', s: '0x2', v: '0', yParity: 0, from: WALLET };
    },
    signPersonalMessage: async () => {
      throw new Error('no message here');
    },
  };
}

const CARRIED = { descriptor: {}, certificates: {}, info: '0x01', fields: [] } as unknown as CarriedCall;
const holding = (call: CarriedCall | null): CarrySource => ({ carried: () => call });

describe('a call reviewed in clear', () => {
  it('waits, naming what to do, when its certified description is no longer held; nothing reaches the device', async () => {
    const device = recordingDevice();
    const outcome = await signOnDevice(carryingCertifiedCalls(device, holding(null)), clearReviewed());
    expect(device.asked).toHaveLength(0);
    expect(outcome.transition?.state).toBe('waiting');
    expect(outcome.pause).toMatchObject({
      code: 'SIGNING_CLEAR_DATA_MISSING',
      action: 'Open the bundle again (offline) or plan again (online) to load its description, then press Resume.',
    });
  });

  it('goes to the device with the description when it is held', async () => {
    const device = recordingDevice();
    const outcome = await signOnDevice(carryingCertifiedCalls(device, holding(CARRIED)), clearReviewed());
    expect(outcome.transition?.state).toBe('signed');
    expect(device.asked[0]).toMatchObject({ certified: CARRIED });
  });

  it('an approval shown in clear from its token information needs no carried description', async () => {
    const device = recordingDevice();
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [TX.to as `0x${string}`, 1n] });
    const outcome = await signOnDevice(carryingCertifiedCalls(device, holding(null)), clearReviewed({ ...TX, data: approve }));
    expect(outcome.transition?.state).toBe('signed');
    expect(device.asked).toHaveLength(1);
  });

  it('a call reviewed blind goes as before', async () => {
    const device = recordingDevice();
    const outcome = await signOnDevice(carryingCertifiedCalls(device, holding(null)), batchItem('002', { tx: { ...TX, data: CLAIM.tx.data }, review: CLAIM.review }));
    expect(outcome.transition?.state).toBe('signed');
  });
});
