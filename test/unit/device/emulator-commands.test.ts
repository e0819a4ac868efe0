/** Commands the console does not drive itself but the emulated app must answer like the real one. */
import { describe, expect, it } from 'vitest';
import { createEmulatedLedger } from '../../../electron/demo/ledger';
import { Eth, OFFLINE_LOAD_CONFIG } from './ledger-libs';

const PATH_BYTES = Buffer.from('058000002c8000003c800000008000000000000000', 'hex');
const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { statusCode?: number },
  );

describe('emulated Ethereum app commands', () => {
  it('refuses EIP-712 full mode, which it does not emulate, as an unsupported instruction', async () => {
    const ledger = createEmulatedLedger();
    expect(await caught(ledger.transport.send(0xe0, 0x1a, 0x00, 0x00, Buffer.from('454950373132446f6d61696e', 'hex')))).toMatchObject({
      statusCode: 0x6d00,
    });
    expect(await caught(ledger.transport.send(0xe0, 0x0c, 0x00, 0x01, PATH_BYTES))).toMatchObject({ statusCode: 0x6d00 });
  });

  it('refuses a continuation chunk without a first chunk with the app\'s own word (0x6980 for a transaction, 0x6A80 for a message)', async () => {
    const ledger = createEmulatedLedger();
    expect(await caught(ledger.transport.send(0xe0, 0x04, 0x80, 0x00, Buffer.from('c0', 'hex')))).toMatchObject({ statusCode: 0x6980 });
    expect(await caught(ledger.transport.send(0xe0, 0x08, 0x80, 0x00, Buffer.from('41', 'hex')))).toMatchObject({ statusCode: 0x6a80 });
  });

  it('refuses transaction bytes beyond the end of the RLP list', async () => {
    const ledger = createEmulatedLedger({ autoApprove: true });
    const tx = Buffer.from('e8018504e3b292008252089428ee52a8f3d6e5d15f8b131996950d7f296c7952872bd72a248740008000', 'hex');
    expect(await caught(ledger.transport.send(0xe0, 0x04, 0x00, 0x00, Buffer.concat([PATH_BYTES, tx])))).toMatchObject({
      statusCode: 0x6a80,
    });
  });

  it('reports the configured app name and version through B0 01 and E0 06', async () => {
    const ledger = createEmulatedLedger({ appVersion: '1.10.3', blindSigning: false });
    const eth = new Eth(ledger.transport as never, 'w0w', OFFLINE_LOAD_CONFIG);
    expect(await eth.getAppConfiguration()).toMatchObject({ arbitraryDataEnabled: 0, version: '1.10.3' });
    const answer = await ledger.transport.send(0xb0, 0x01, 0x00, 0x00);
    expect(answer.toString('hex')).toBe(`0108${Buffer.from('Ethereum').toString('hex')}06${Buffer.from('1.10.3').toString('hex')}01009000`);
  });

  it('with auto-approve, a review waiting behind the PIN screen is approved once unlocked', async () => {
    const ledger = createEmulatedLedger({ autoApprove: true });
    const eth = new Eth(ledger.transport as never, 'w0w', OFFLINE_LOAD_CONFIG);
    ledger.subscribe((e) => e.type === 'awaiting-confirmation' && ledger.lock());
    const verifying = eth.getAddress("44'/60'/0'/0'/0", true);
    await ledger.waitForConfirmation();
    await new Promise((r) => setTimeout(r, 10));
    expect(ledger.pendingConfirmation).not.toBeNull();
    ledger.unlock();
    await expect(verifying).resolves.toMatchObject({ address: '0xCbA98362e199c41E1864D0923AF9646d3A648451' });
  });
});
