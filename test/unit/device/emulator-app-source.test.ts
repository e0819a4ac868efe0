/**
 * Points where the emulated Ethereum app answers as the app's own source does (LedgerHQ/app-ethereum:
 * `cmd_get_app_configuration.c`, `cmd_sign_message_eip712.c`, `cmd_sign_tx.c`).
 */
import { describe, expect, it } from 'vitest';
import { createEmulatedLedger } from '../../../electron/demo/ledger';
import { Eth, OFFLINE_LOAD_CONFIG } from './ledger-libs';

const PATH = "44'/60'/0'/0'/0";
const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { statusCode?: number },
  );

describe('emulated Ethereum app, as its source behaves', () => {
  it('configuration flags: "external token needed" always set, "data allowed" from the blind signing setting', async () => {
    const off = createEmulatedLedger({ blindSigning: false, appVersion: '1.20.0' });
    expect((await off.transport.send(0xe0, 0x06, 0, 0)).toString('hex')).toBe('020114009000');
    const on = createEmulatedLedger({ blindSigning: true, appVersion: '1.20.0' });
    const config = await new Eth(on.transport as never, 'w0w', OFFLINE_LOAD_CONFIG).getAppConfiguration();
    expect(config).toMatchObject({ arbitraryDataEnabled: 1, erc20ProvisioningNecessary: 2, version: '1.20.0' });
  });

  it('hashed EIP-712 needs blind signing: 0x6A80 without it, no review shown', async () => {
    const ledger = createEmulatedLedger({ blindSigning: false });
    const eth = new Eth(ledger.transport as never, 'w0w', OFFLINE_LOAD_CONFIG);
    expect(await caught(eth.signEIP712HashedMessage(PATH, '11'.repeat(32), '22'.repeat(32)))).toMatchObject({ statusCode: 0x6a80 });
    expect(ledger.pendingConfirmation).toBeNull();
    ledger.setBlindSigning(true);
    const signing = eth.signEIP712HashedMessage(PATH, '11'.repeat(32), '22'.repeat(32));
    expect((await ledger.waitForConfirmation()).kind).toBe('sign-typed-data');
    ledger.approve();
    await expect(signing).resolves.toMatchObject({ v: expect.any(Number) });
  });
});
