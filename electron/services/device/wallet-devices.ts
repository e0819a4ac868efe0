/**
 * Which Ledger signs for a wallet: the device bound to a group the wallet is in, else whichever is
 * connected (as with one device). Signing names that device to the desk; a batch whose next wallet
 * is on a device that is not connected waits for it (`awaitDevice`). The address derived on the
 * device is still checked against the wallet's (`expectedAddress`), so a wrong device signs nothing.
 */
import type { AppErrorData } from '../../../shared/errors';
import { describeLedger, selects, type LedgerBinding, type LedgerListing } from '../../../shared/device/desk';
import type { DeviceTransactionRequest, SignedMessage, SignedTransaction } from '../../../shared/device/state';
import type { DeviceChoice } from './device-fleet';

/** The desk as the signing side sees it (the fleet, in this process or behind `RemoteDevice`). */
export interface LedgerDesk {
  listDevices(): LedgerListing[] | Promise<LedgerListing[]>;
  subscribeDevices(listener: (devices: LedgerListing[]) => void): () => void;
  signTransaction(path: string, request: DeviceTransactionRequest, options?: DeviceChoice): Promise<SignedTransaction>;
  signPersonalMessage(path: string, message: string | { raw: string }, options?: DeviceChoice): Promise<SignedMessage>;
}

interface WalletDevicesDeps {
  desk: () => Promise<LedgerDesk>;
  bindings: () => Promise<LedgerBinding[]>;
  /** The wallet book's groups this address is in. */
  groupsOf: (wallet: string) => Promise<{ id: string; name: string }[]>;
}

/** What a wait for a device tells and asks the batch. */
interface DeviceWaitWatch {
  /** The batch waits (with why), or goes on (null). */
  waiting(reason: AppErrorData | null): void;
  /** The operator paused the batch: stop waiting. */
  stopped(): boolean;
}

interface Choice {
  binding: LedgerBinding;
  groupName: string;
}

export class WalletDevices {
  constructor(private readonly deps: WalletDevicesDeps) {}

  /** The binding of the first of the wallet's groups that has one, or null. */
  async deviceFor(wallet: string | undefined): Promise<Choice | null> {
    if (!wallet) return null;
    const bindings = await this.deps.bindings();
    if (bindings.length === 0) return null;
    for (const group of await this.deps.groupsOf(wallet)) {
      const binding = bindings.find((b) => b.groupId === group.id);
      if (binding) return { binding, groupName: group.name };
    }
    return null;
  }

  /**
   * Resolves once the device holding `wallet` is connected: at once when it is (or the wallet's
   * groups name none); else says why the batch waits and watches the desk until it comes, or until
   * the operator pauses (`stopped`).
   */
  async awaitDevice(wallet: string, watch: DeviceWaitWatch): Promise<'present' | 'stopped'> {
    const choice = await this.deviceFor(wallet);
    if (!choice) return 'present';
    const desk = await this.deps.desk();
    const here = (devices: LedgerListing[]) => devices.some((d) => selects(choice.binding.device, d));
    if (here(await desk.listDevices())) return 'present';
    watch.waiting(waitingFor(choice));
    const outcome = await new Promise<'present' | 'stopped'>((resolve) => {
      const timer = setInterval(() => watch.stopped() && done('stopped'), 200);
      const off = desk.subscribeDevices((devices) => here(devices) && done('present'));
      function done(how: 'present' | 'stopped') {
        clearInterval(timer);
        queueMicrotask(() => off());
        resolve(how);
      }
    });
    if (outcome === 'present') watch.waiting(null);
    return outcome;
  }

  async signTransaction(path: string, request: DeviceTransactionRequest, options: { expectedAddress?: string } = {}): Promise<SignedTransaction> {
    return (await this.deps.desk()).signTransaction(path, request, await this.choose(options));
  }

  async signPersonalMessage(path: string, message: string | { raw: string }, options: { expectedAddress?: string } = {}): Promise<SignedMessage> {
    return (await this.deps.desk()).signPersonalMessage(path, message, await this.choose(options));
  }

  private async choose(options: { expectedAddress?: string }): Promise<DeviceChoice> {
    const choice = await this.deviceFor(options.expectedAddress);
    return { ...options, ...(choice ? { device: choice.binding.device } : {}) };
  }
}

/** Why the batch waits: the group's Ledger is not connected, named as the operator bound it. */
function waitingFor({ binding, groupName }: Choice): AppErrorData {
  const byPath = 'path' in binding.device;
  return {
    code: 'DEVICE_WAITING_FOR_LEDGER',
    message: `Connect the Ledger for ${groupName} (${describeLedger(binding.device, binding.model).replace(/^Ledger /, '')}).`,
    action: byPath
      ? 'Plug it into the same USB port and unlock it: the batch goes on by itself once it is there (it is known by its path, which changes on another port). Pause the batch to stop waiting.'
      : 'Plug it in and unlock it: the batch goes on by itself once it is there. Pause the batch to stop waiting.',
    details: { groupId: binding.groupId },
  };
}
