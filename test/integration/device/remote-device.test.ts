import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mnemonicToAccount } from 'viem/accounts';
import { RemoteDevice, type DeviceChannel } from '../../../electron/services/device';
import type { LedgerListing } from '../../../shared/device/desk';
import { TEST_MNEMONIC } from '../../../electron/demo/ledger';
import { ROOT } from '../../support/paths';

// The main process drives the Ledger in a separate process; here a Node child stands in for
// Electron's utility process (the Electron binary cannot run on this machine), with the same messages.
const children: ChildProcess[] = [];

function spawnChild(autoApprove: boolean, ledgers = 1): DeviceChannel {
  const child = fork(path.join(ROOT, 'test/fixtures/device-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, AUTO_APPROVE: autoApprove ? '1' : '0', LEDGERS: String(ledgers) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(child);
  const exits: Array<(reason: string) => void> = [];
  child.on('exit', (code, signal) => exits.forEach((l) => l(signal ?? `exit code ${code}`)));
  return {
    post: (m) => void (child.connected && child.send(m)),
    onMessage: (l) => child.on('message', (m) => l(m as never)),
    onExit: (l) => exits.push(l),
    kill: () => void child.kill(),
  };
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

const transfer = { type: 'eip1559' as const, chainId: 1, nonce: 0, to: '0x' + '11'.repeat(20), value: '1', gas: '21000', maxFeePerGas: '2', maxPriorityFeePerGas: '1' };

describe('the Ledger in its own process', () => {
  it('answers through messages: state, accounts, a signature', async () => {
    const device = new RemoteDevice(() => spawnChild(true));
    await device.start();
    const [account] = await device.discoverAccounts({ scheme: 'ledger-live', start: 0, count: 1 });
    expect(account?.address).toBe(mnemonicToAccount(TEST_MNEMONIC, { path: "m/44'/60'/0'/0/0" }).address);
    const signed = await device.signTransaction(account!.path, transfer, { expectedAddress: account!.address });
    expect(signed.from.toLowerCase()).toBe(account!.address.toLowerCase());
    expect(device.getState().status).not.toBe('error');
    await device.stop();
  }, 60_000);

  it('fails a request cleanly when the process dies mid-signing, restarts it, and works again', async () => {
    let spawned = 0;
    const device = new RemoteDevice(() => spawnChild(spawned++ > 0));
    await device.start();
    const [account] = await device.discoverAccounts({ scheme: 'ledger-live', start: 0, count: 1 });
    const signing = device.signTransaction(account!.path, transfer);
    // The review is on the (emulated) screen, waiting for a button; the process is killed.
    await new Promise((r) => setTimeout(r, 1500));
    children[0]!.kill('SIGKILL');
    await expect(signing).rejects.toMatchObject({ code: 'DEVICE_HOST_STOPPED', action: expect.stringContaining('Nothing was signed') });
    // Started again by itself; the next signature goes through.
    await expect.poll(() => device.restarts, { timeout: 10_000 }).toBe(1);
    const again = await device.signTransaction(account!.path, transfer, { expectedAddress: account!.address });
    expect(again.from.toLowerCase()).toBe(account!.address.toLowerCase());
    await device.stop();
  }, 60_000);
});

// The fixture's second Ledger holds another seed: a Stax with serial D4E5F6 beside a Nano X with A1B2C3.
const SECOND = mnemonicToAccount('legal winner thank year wave sausage worth useful legal winner thank yellow', { path: "m/44'/60'/0'/0/0" }).address;

function listedAs(device: RemoteDevice, test: (devices: LedgerListing[]) => boolean): Promise<LedgerListing[]> {
  return new Promise((resolve, reject) => {
    let off = () => {};
    const timer = setTimeout(() => (off(), reject(new Error('the desk was never listed so'))), 30_000);
    off = device.subscribeDevices((devices) => {
      if (!test(devices)) return;
      clearTimeout(timer);
      queueMicrotask(() => off());
      resolve(devices);
    });
  });
}

describe('several Ledgers behind the device process', () => {
  it('lists both with what each is, and signs on the one a job names', async () => {
    const device = new RemoteDevice(() => spawnChild(true, 2));
    await device.start();
    // Told by the process's devices event, and asked for.
    await listedAs(device, (d) => d.length === 2 && d.every((x) => x.model && x.appVersion));
    const listed = await device.listDevices();
    expect(listed.map((d) => [d.serialNumber, d.serialIdentifies, d.model, d.appVersion])).toEqual([
      ['A1B2C3', true, 'nanoX', '1.22.0'],
      ['D4E5F6', true, 'stax', '1.22.0'],
    ]);
    const onStax = { serialNumber: 'D4E5F6' };
    const [account] = await device.discoverAccounts({ scheme: 'ledger-live', start: 0, count: 1 }, onStax);
    expect(account?.address).toBe(SECOND);
    expect(await device.verifyAddress(account!.path, SECOND, onStax)).toBe(SECOND);
    const signed = await device.signTransaction(account!.path, transfer, { expectedAddress: SECOND, device: onStax });
    expect(signed.from).toBe(SECOND);
    // The first Ledger's wallet is not on the Stax: nothing signed there.
    const first = mnemonicToAccount(TEST_MNEMONIC, { path: "m/44'/60'/0'/0/0" }).address;
    await expect(device.signTransaction(account!.path, transfer, { expectedAddress: first, device: onStax })).rejects.toMatchObject({ code: 'DEVICE_ADDRESS_MISMATCH' });
    // A device that is not on the desk is refused with what to do.
    await expect(device.signTransaction(account!.path, transfer, { device: { serialNumber: 'FFFFFF' } })).rejects.toMatchObject({
      code: 'DEVICE_LEDGER_ABSENT',
      action: expect.stringMatching(/Plug that Ledger in/),
    });
    await device.stop();
  }, 60_000);
});
