/**
 * The emulated app's generic parser answers out-of-order and too-old requests as app 1.22 does:
 * a descriptor with no stored transaction 0x6980, a field before its transaction info 0x6980, a
 * review started with nothing stored 0x6980, a transaction info without a calldata certificate
 * 0x6A80, an app older than 1.14.0 neither the commands (0x6D00) nor the sign modes (0x6B00).
 */
import { serializeTransaction } from 'viem';
import { describe, expect, it } from 'vitest';
import { createEmulatedLedger } from '../../../electron/demo/ledger';
import { testCalldataCertificate } from '../../../electron/demo/ledger/pki';

const PATH_BYTES = Buffer.from('058000002c8000003c800000008000000000000000', 'hex');
const TX = Buffer.from(
  serializeTransaction({
    type: 'eip1559',
    chainId: 1,
    nonce: 3,
    to: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    data: '0xb450dfce0000000000000000000000000000000000000000000000000000000000000001',
    gas: 60_000n,
    maxFeePerGas: 2n,
    maxPriorityFeePerGas: 1n,
  }).slice(2),
  'hex',
);
const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { statusCode?: number },
  );

describe('the emulated generic parser', () => {
  it('refuses steps out of order', async () => {
    const ledger = createEmulatedLedger();
    expect(await caught(ledger.transport.send(0xe0, 0x26, 0x01, 0x00, Buffer.from('0003000101', 'hex')))).toMatchObject({
      statusCode: 0x6980,
    });
    expect(await caught(ledger.transport.send(0xe0, 0x28, 0x01, 0x00, Buffer.from('0003000101', 'hex')))).toMatchObject({
      statusCode: 0x6980,
    });
    expect(await caught(ledger.transport.send(0xe0, 0x04, 0x00, 0x02, Buffer.alloc(0)))).toMatchObject({ statusCode: 0x6980 });
  });

  it('stores a transaction, then refuses a description while no calldata certificate is loaded', async () => {
    const ledger = createEmulatedLedger();
    expect((await ledger.transport.send(0xe0, 0x04, 0x00, 0x01, Buffer.concat([PATH_BYTES, TX]))).toString('hex')).toBe('9000');
    expect(await caught(ledger.transport.send(0xe0, 0x26, 0x01, 0x00, Buffer.from('0003000101', 'hex')))).toMatchObject({
      statusCode: 0x6a80,
    });
  });

  it('loads the test certificate only for its key usage', async () => {
    const ledger = createEmulatedLedger();
    expect((await ledger.transport.send(0xb0, 0x06, 0x0b, 0x00, Buffer.from(testCalldataCertificate()))).toString('hex')).toBe('9000');
    expect(await caught(ledger.transport.send(0xb0, 0x06, 0x04, 0x00, Buffer.from(testCalldataCertificate())))).toMatchObject({
      statusCode: 0x6a80,
    });
  });

  it('an app older than 1.14.0 knows neither the commands nor the sign modes', async () => {
    const ledger = createEmulatedLedger({ appVersion: '1.13.1' });
    expect(await caught(ledger.transport.send(0xe0, 0x26, 0x01, 0x00, Buffer.from('0003000101', 'hex')))).toMatchObject({
      statusCode: 0x6d00,
    });
    expect(await caught(ledger.transport.send(0xe0, 0x04, 0x00, 0x01, Buffer.concat([PATH_BYTES, TX])))).toMatchObject({
      statusCode: 0x6b00,
    });
  });
});
