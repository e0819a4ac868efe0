/**
 * The emulated device around the app: status words, reviews and their screens, buttons pressed at
 * any time, USB presence and app switching.
 */
import { describe, expect, it } from 'vitest';
import { keccak256, serializeTransaction, type TransactionSerializable } from 'viem';
import { createEmulatedLedger, type EmulatedLedger } from '../../../electron/demo/ledger';
import { Eth, OFFLINE_LOAD_CONFIG } from './ledger-libs';

const PATH = "44'/60'/0'/0'/0";
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const CALL: TransactionSerializable = {
  type: 'eip1559',
  chainId: 31337,
  nonce: 4,
  to: CONTRACT,
  value: 0n,
  data: '0x095ea7b30000000000000000000000000000000000000000000000000000000000000001',
  gas: 60000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
};
const TRANSFER: TransactionSerializable = {
  type: 'eip1559',
  chainId: 1,
  nonce: 0,
  to: CONTRACT,
  value: 10n ** 16n,
  gas: 21000n,
  maxFeePerGas: 10n ** 9n,
  maxPriorityFeePerGas: 1n,
};

const eth = (ledger: EmulatedLedger, transport: unknown = ledger.transport) => new Eth(transport as never, 'w0w', OFFLINE_LOAD_CONFIG);
const sign = (ledger: EmulatedLedger, tx: TransactionSerializable) =>
  eth(ledger).signTransaction(PATH, serializeTransaction(tx).slice(2), null);
const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { name: string; statusCode?: number },
  );

describe('status words', () => {
  it('0x6985 when the user rejects', async () => {
    const ledger = createEmulatedLedger();
    const pending = caught(eth(ledger).getAddress(PATH, true));
    await ledger.waitForConfirmation();
    ledger.reject();
    expect(await pending).toMatchObject({ name: 'TransportStatusError', statusCode: 0x6985 });
  });

  it('0x5515 (LockedDeviceError) when locked, and the configured word of older firmware', async () => {
    expect(await caught(eth(createEmulatedLedger({ locked: true })).getAddress(PATH))).toMatchObject({
      name: 'LockedDeviceError',
      statusCode: 0x5515,
    });
    expect(await caught(eth(createEmulatedLedger({ locked: true, lockedStatusWord: 0x6b0c })).getAddress(PATH))).toMatchObject({
      statusCode: 0x6b0c,
    });
  });

  it('0x6D00 on the dashboard and 0x6E00 in another app', async () => {
    expect(await caught(eth(createEmulatedLedger({ app: 'BOLOS' })).getAddress(PATH))).toMatchObject({ statusCode: 0x6d00 });
    expect(await caught(eth(createEmulatedLedger({ app: 'Bitcoin' })).getAddress(PATH))).toMatchObject({ statusCode: 0x6e00 });
  });

  it('0x6A80 for contract data with blind signing off, which hw-app-eth names EthAppPleaseEnableContractData', async () => {
    const ledger = createEmulatedLedger({ autoApprove: true });
    expect(await caught(sign(ledger, CALL))).toMatchObject({ name: 'EthAppPleaseEnableContractData' });
    // A plain transfer needs no blind signing.
    await expect(sign(ledger, TRANSFER)).resolves.toHaveProperty('r');
  });

  it('0x6B00 for a bad P1/P2', async () => {
    const ledger = createEmulatedLedger();
    const path = Buffer.from('058000002c8000003c800000008000000000000000', 'hex');
    expect(await caught(ledger.transport.send(0xe0, 0x02, 0x07, 0x00, path))).toMatchObject({ statusCode: 0x6b00 });
    expect(await caught(ledger.transport.send(0xe0, 0x04, 0x40, 0x00, path))).toMatchObject({ statusCode: 0x6b00 });
  });

  it('0x6501 for a transaction type the app does not sign (type 3)', async () => {
    const ledger = createEmulatedLedger();
    const data = Buffer.concat([Buffer.from('058000002c8000003c800000008000000000000000', 'hex'), Buffer.from('03c0', 'hex')]);
    expect(await caught(ledger.transport.send(0xe0, 0x04, 0x00, 0x00, data))).toMatchObject({ statusCode: 0x6501 });
  });

  it('0x6807 when opening an app that is not installed, 0x5501 when the user refuses to open it', async () => {
    const ledger = createEmulatedLedger({ app: 'BOLOS' });
    expect(await caught(ledger.transport.send(0xe0, 0xd8, 0, 0, Buffer.from('Solana')))).toMatchObject({ statusCode: 0x6807 });
    const opening = caught(ledger.transport.send(0xe0, 0xd8, 0, 0, Buffer.from('Ethereum')));
    expect((await ledger.waitForConfirmation()).screens).toContainEqual({ title: 'Open application', value: 'Ethereum' });
    ledger.reject();
    expect(await opening).toMatchObject({ statusCode: 0x5501 });
  });

  it('answers with the words of other firmware generations when configured', async () => {
    expect(await caught(eth(createEmulatedLedger({ app: 'BOLOS', dashboardStatusWord: 0x6e01 })).getAddress(PATH))).toMatchObject({
      statusCode: 0x6e01,
    });
    expect(await caught(eth(createEmulatedLedger({ app: 'Solana', otherAppStatusWord: 0x6511 })).getAddress(PATH))).toMatchObject({
      statusCode: 0x6511,
    });
    expect(await caught(eth(createEmulatedLedger({ locked: true, lockedStatusWord: 0x6804 })).getAddress(PATH))).toMatchObject({
      statusCode: 0x6804,
    });
  });

  it('answers injected words for firmware paths it does not model', async () => {
    const ledger = createEmulatedLedger();
    ledger.failNextWith(0x650f);
    expect(await caught(eth(ledger).getAddress(PATH))).toMatchObject({ statusCode: 0x650f });
    await expect(eth(ledger).getAddress(PATH)).resolves.toHaveProperty('address');
  });
});

describe('reviews and buttons', () => {
  it('shows the blind-signing review with the hash of the unsigned transaction, and signs on approve', async () => {
    const ledger = createEmulatedLedger({ blindSigning: true });
    const signing = sign(ledger, CALL);
    const { kind, screens } = await ledger.waitForConfirmation();
    expect(kind).toBe('sign-transaction');
    // By default a Nano X with app 1.22.0 (src/nbgl/ui_approve_tx.c, SCREEN_SIZE_NANO).
    expect(screens).toEqual([
      { title: 'Blind signing ahead' },
      { title: 'Review transaction' },
      // The signing account, as the app shows it from 1.11.0.
      { title: 'From', value: '0xCbA98362e199c41E1864D0923AF9646d3A648451' },
      { title: 'To', value: CONTRACT },
      // A chain the app does not know: "???" as its ticker (after the fee from 1.19.3) and the bare chain id as its name.
      { title: 'Max fees', value: '0.00012 ???' },
      { title: 'Network', value: '31337' },
      { title: 'Tx hash', value: keccak256(serializeTransaction(CALL)) },
      { title: 'Accept risk and sign transaction' },
      { title: 'Reject transaction' },
    ]);
    expect(ledger.screens).toEqual(screens);
    ledger.approve();
    await expect(signing).resolves.toHaveProperty('s');
    expect(ledger.pendingConfirmation).toBeNull();
  });

  it('shows the amount of a plain transfer and no hash', async () => {
    const ledger = createEmulatedLedger();
    const signing = sign(ledger, TRANSFER);
    const { screens } = await ledger.waitForConfirmation();
    expect(screens).toContainEqual({ title: 'Amount', value: '0.01 ETH' });
    expect(screens.map((s) => s.title)).not.toContain('Tx hash');
    ledger.approve();
    await signing;
  });

  it('publishes the review to subscribers and keeps the exchange pending until a button is pressed', async () => {
    const ledger = createEmulatedLedger();
    const events: string[] = [];
    ledger.subscribe((e) => e.type !== 'changed' && events.push(e.type === 'usb' ? `usb:${e.change}` : e.type));
    let settled = false;
    const verifying = eth(ledger)
      .getAddress(PATH, true)
      .finally(() => (settled = true));
    const review = await ledger.waitForConfirmation();
    expect(review.screens).toContainEqual({ title: 'Address', value: '0xCbA98362e199c41E1864D0923AF9646d3A648451' });
    await new Promise((r) => setTimeout(r, 30));
    expect(settled).toBe(false);
    ledger.approve();
    await verifying;
    expect(events).toEqual(['awaiting-confirmation', 'confirmation-settled']);
  });

  it('answers commands sent while a review is on screen as the app does', async () => {
    const ledger = createEmulatedLedger({ blindSigning: true });
    const first = eth(ledger).getAddress(PATH, true);
    await ledger.waitForConfirmation();
    const other = await ledger.open();
    // Configuration and the OS's app-and-version are answered alongside the review.
    expect((await other.send(0xe0, 0x06, 0, 0)).toString('hex')).toBe('030116009000');
    expect((await other.send(0xb0, 0x01, 0, 0)).subarray(0, 10).toString('ascii')).toContain('Ethereum');
    // Hashed EIP-712 is refused while the app is not idle; the review stays.
    const hashes = Buffer.concat([Buffer.from('058000002c8000003c800000008000000000000000', 'hex'), Buffer.alloc(64, 1)]);
    expect(await caught(other.send(0xe0, 0x0c, 0x00, 0x00, hashes))).toMatchObject({ statusCode: 0x6980 });
    expect(ledger.pendingConfirmation?.kind).toBe('verify-address');
    ledger.approve();
    await first;
  });

  it.each([
    ['1.19.3', 0x6985],
    ['1.20.0', 0x6980],
  ] as const)('a personal message started during a review is refused and sends the app back to idle (app %s)', async (appVersion, sw) => {
    const ledger = createEmulatedLedger({ appVersion });
    void eth(ledger)
      .getAddress(PATH, true)
      .catch(() => undefined);
    await ledger.waitForConfirmation();
    const other = await ledger.open();
    const start = Buffer.concat([Buffer.from('058000002c8000003c800000008000000000000000', 'hex'), Buffer.from([0, 0, 0, 1, 0x41])]);
    // Up to 1.19.3 the app answers the word of a rejection (CONDITION_NOT_SATISFIED); from 1.20 SWO_COMMAND_NOT_ALLOWED.
    expect(await caught(other.send(0xe0, 0x08, 0x00, 0x00, start))).toMatchObject({ statusCode: sw });
    expect(ledger.pendingConfirmation).toBeNull();
  });

  it('a review stays on the screen when the host closes its handle', async () => {
    const ledger = createEmulatedLedger();
    const transport = await ledger.open();
    void eth(ledger, transport)
      .getAddress(PATH, true)
      .catch(() => undefined);
    await ledger.waitForConfirmation();
    await transport.close();
    expect(ledger.pendingConfirmation?.kind).toBe('verify-address');
    ledger.reject();
    expect(ledger.pendingConfirmation).toBeNull();
  });

  it('keeps a review behind the PIN screen when the device locks mid-review', async () => {
    const ledger = createEmulatedLedger();
    const verifying = eth(ledger).getAddress(PATH, true);
    await ledger.waitForConfirmation();
    ledger.lock();
    expect(ledger.screens).toEqual([{ title: 'Enter PIN' }]);
    expect(() => ledger.approve()).toThrow(/locked/);
    ledger.unlock();
    ledger.approve();
    await expect(verifying).resolves.toHaveProperty('address');
  });

  it('changes the blind signing setting at any time, mid-review included', async () => {
    const ledger = createEmulatedLedger();
    const verifying = eth(ledger).getAddress(PATH, true);
    await ledger.waitForConfirmation();
    ledger.setBlindSigning(true);
    ledger.approve();
    await verifying;
    expect((await eth(ledger).getAppConfiguration()).arbitraryDataEnabled).toBe(1);
  });
});

describe('USB', () => {
  it('unplugged mid-review: the exchange fails as a disconnected device, later ones too', async () => {
    const ledger = createEmulatedLedger({ blindSigning: true });
    const transport = ledger.transport;
    let disconnects = 0;
    transport.on('disconnect', () => disconnects++);
    const signing = caught(sign(ledger, CALL));
    await ledger.waitForConfirmation();
    ledger.unplug();
    expect(await signing).toMatchObject({ name: 'DisconnectedDeviceDuringOperation' });
    expect(await caught(transport.send(0xe0, 0x06, 0, 0))).toMatchObject({ name: 'DisconnectedDevice' });
    expect(disconnects).toBe(1);
    expect(ledger.screens).toEqual([]);
    await expect(ledger.open()).rejects.toMatchObject({ name: 'CantOpenDevice' });
  });

  it('replugged: boots locked on the dashboard, and a new handle works', async () => {
    const ledger = createEmulatedLedger();
    ledger.unplug();
    ledger.replug();
    expect(ledger.snapshot()).toMatchObject({ plugged: true, locked: true, app: 'BOLOS' });
    ledger.unlock();
    const answer = await ledger.transport.send(0xb0, 0x01, 0, 0);
    expect(answer.subarray(2, 7).toString()).toBe('BOLOS');
  });

  it('reports add/remove to listeners, like TransportNodeHid.listen', async () => {
    const ledger = createEmulatedLedger();
    const seen: string[] = [];
    const sub = ledger.listen({ next: (e) => seen.push(e.type) });
    await Promise.resolve();
    ledger.unplug();
    ledger.replug();
    sub.unsubscribe();
    ledger.unplug();
    expect(seen).toEqual(['add', 'remove', 'add']);
  });

  it('opening the Ethereum app from the dashboard re-enumerates the USB device', async () => {
    const ledger = createEmulatedLedger({ app: 'BOLOS', autoApprove: true });
    const before = ledger.transport;
    const seen: string[] = [];
    ledger.listen({ next: (e) => seen.push(e.type) });
    await ledger.transport.send(0xe0, 0xd8, 0, 0, Buffer.from('Ethereum'));
    await new Promise((r) => setTimeout(r, 5));
    expect(await caught(before.send(0xb0, 0x01, 0, 0))).toMatchObject({ name: 'DisconnectedDevice' });
    await ledger.settled();
    expect(ledger.transport).not.toBe(before);
    expect((await ledger.transport.send(0xb0, 0x01, 0, 0)).subarray(2, 10).toString()).toBe('Ethereum');
    expect(seen).toEqual(['add', 'remove', 'add']);
  });

  it('switching apps with the buttons mid-review aborts the exchange like an unplug', async () => {
    const ledger = createEmulatedLedger();
    const verifying = caught(eth(ledger).getAddress(PATH, true));
    await ledger.waitForConfirmation();
    ledger.openApp('Bitcoin');
    expect(await verifying).toMatchObject({ name: 'DisconnectedDeviceDuringOperation' });
    await ledger.settled();
    expect(await caught(eth(ledger).getAddress(PATH))).toMatchObject({ statusCode: 0x6e00 });
  });
});
