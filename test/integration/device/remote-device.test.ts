import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mnemonicToAccount } from 'viem/accounts';
import { RemoteDevice, type DeviceChannel } from '../../../electron/services/device';
import { TEST_MNEMONIC } from '../../../electron/sim/ledger';
import { ROOT } from '../../support/paths';

// The main process drives the Ledger in a separate process; here a Node child stands in for
// Electron's utility process (the Electron binary cannot run on this machine), with the same messages.
const children: ChildProcess[] = [];

function spawnChild(autoApprove: boolean): DeviceChannel {
  const child = fork(path.join(ROOT, 'test/fixtures/device-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, AUTO_APPROVE: autoApprove ? '1' : '0' },
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
