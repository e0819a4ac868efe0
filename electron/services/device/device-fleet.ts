/**
 * Every Ledger on the desk: one `DeviceService` per device (its own handle, queue and state), fed
 * by one USB listener. A device is told apart by its USB serial number where that identifies it,
 * else by its HID path; a device that leaves USB and comes back on a new path (an app switch, a
 * replug) is taken for the one that left when only one did and its old path is gone.
 *
 * As a `DevicePort` it is the first device (the one plugged in first: with one Ledger, exactly the
 * single-device service as before); a job for another device names it (`device`), and is refused
 * when that device is not on USB.
 */
import { AppError } from '../../../shared/errors';
import { COMMON_LEDGER_SERIAL, describeLedger, selects, type LedgerListing, type LedgerSelector } from '../../../shared/device/desk';
import type { DerivationScheme } from '../../../shared/device/paths';
import type { DeviceState, DeviceTransactionRequest } from '../../../shared/device/state';
import { DeviceService } from './device-service';
import type { DeviceServiceOptions } from './device-options';
import type { DevicePort } from './device-port';
import type { HotplugObserver, UsbIdentity } from './transport-port';

interface Entry {
  id: string;
  path: string | null;
  serialNumber?: string;
  service: DeviceService;
  observer: HotplugObserver | null;
  /** When it last left USB (an app switch brings it back on a new path within moments). */
  leftAt: number;
  /** What it said it is, kept through the states that do not say it. */
  known: Pick<LedgerListing, 'model' | 'appVersion' | 'osVersion'>;
}

/** Options of a job that names its device. */
export interface DeviceChoice {
  expectedAddress?: string;
  device?: LedgerSelector;
}

export class DeviceFleet implements DevicePort {
  private readonly entries: Entry[] = [];
  private readonly listeners = new Set<(state: DeviceState) => void>();
  private readonly deskListeners = new Set<(devices: LedgerListing[]) => void>();
  private hotplug: { unsubscribe(): void } | null = null;
  private visible = true;
  private count = 0;

  constructor(private readonly options: DeviceServiceOptions) {
    // The first device's service exists before any device: a job asked for right after start
    // waits for a device as the single-device service always did.
    this.create();
  }

  async start(): Promise<void> {
    if (this.hotplug) return;
    for (const entry of this.entries) await entry.service.start();
    this.hotplug = this.options.transports.listen({
      add: (descriptor, usb) => this.plugged(descriptor, usb ?? {}),
      remove: (descriptor) => {
        const entry = this.entries.find((e) => e.path === descriptor);
        if (!entry) return;
        entry.path = null;
        entry.leftAt = Date.now();
        entry.observer?.remove(descriptor);
        this.deskChanged();
      },
      changed: () => this.entries.forEach((e) => e.observer?.changed?.()),
      error: (err) => this.entries.forEach((e) => e.observer?.error(err)),
    });
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  async stop(): Promise<void> {
    this.hotplug?.unsubscribe();
    this.hotplug = null;
    await Promise.all(this.entries.map((e) => e.service.stop()));
  }

  // ---- the desk ----------------------------------------------------------------------------------

  /** The Ledgers on USB now, in the order they were first seen. */
  listDevices(): LedgerListing[] {
    const present = this.entries.filter((e) => e.path !== null);
    return present.map((e) => this.listing(e, present));
  }

  /** Calls `listener` with the list now and at every change of any device. */
  subscribeDevices(listener: (devices: LedgerListing[]) => void): () => void {
    this.deskListeners.add(listener);
    listener(this.listDevices());
    return () => void this.deskListeners.delete(listener);
  }

  /** The service of the device a job names (the first device when it names none). */
  serviceFor(device?: LedgerSelector): DeviceService {
    if (!device) return this.entries[0]!.service;
    const present = this.entries.filter((e) => e.path !== null);
    const entry = present.find((e) => selects(device, this.listing(e, present)));
    if (!entry) {
      throw new AppError({
        code: 'DEVICE_LEDGER_ABSENT',
        message: `The ${describeLedger(device)} is not connected.`,
        action: 'Plug that Ledger in and unlock it, then try again.',
      });
    }
    return entry.service;
  }

  private listing(entry: Entry, present: Entry[]): LedgerListing {
    const serial = entry.serialNumber;
    const shared = present.some((o) => o !== entry && o.serialNumber === serial);
    return {
      id: entry.id,
      path: entry.path,
      ...(serial ? { serialNumber: serial } : {}),
      serialIdentifies: Boolean(serial) && serial !== COMMON_LEDGER_SERIAL && !shared,
      present: entry.path !== null,
      state: entry.service.getState(),
      ...entry.known,
    };
  }

  private plugged(descriptor: string, usb: UsbIdentity): void {
    const entry = this.entryFor(descriptor, usb);
    entry.path = descriptor;
    if (usb.serialNumber) entry.serialNumber = usb.serialNumber;
    entry.observer?.add(descriptor, usb);
    this.deskChanged();
  }

  /**
   * The device a descriptor belongs to: the one on that path; the one with that serial number when
   * it identifies a device; the one device whose path is gone (it came back on a new path); else a
   * device seen for the first time.
   */
  private entryFor(descriptor: string, usb: UsbIdentity): Entry {
    const onPath = this.entries.find((e) => e.path === descriptor);
    if (onPath) return onPath;
    const serial = usb.serialNumber;
    if (serial && serial !== COMMON_LEDGER_SERIAL) {
      const bySerial = this.entries.filter((e) => e.serialNumber === serial);
      if (bySerial.length === 1) return bySerial[0]!;
    }
    const listed = this.options.transports.present?.();
    const gone = this.entries.filter((e) => e.path === null || (listed !== undefined && !listed.includes(e.path)));
    if (gone.length === 1) return gone[0]!;
    // Several away: the one that left within the time an app switch takes.
    const justLeft = gone.filter((e) => Date.now() - e.leftAt < (this.options.reenumerationTimeoutMs ?? 15_000));
    if (justLeft.length === 1) return justLeft[0]!;
    return this.create();
  }

  private create(): Entry {
    this.count += 1;
    const entry: Entry = { id: `ledger-${this.count}`, path: null, leftAt: 0, service: null as unknown as DeviceService, observer: null, known: {} };
    entry.service = new DeviceService({
      ...this.options,
      transports: {
        listen: (observer) => {
          entry.observer = observer;
          return { unsubscribe: () => void (entry.observer = null) };
        },
        open: (descriptor, timeoutMs) => this.options.transports.open(descriptor, timeoutMs),
      },
    });
    entry.service.subscribe((state) => {
      if (state.status === 'ready' || state.status === 'dashboard') {
        entry.known = {
          ...entry.known,
          ...(state.model ? { model: state.model } : {}),
          ...(state.status === 'ready' ? { appVersion: state.appVersion } : {}),
          ...(state.osVersion ? { osVersion: state.osVersion } : {}),
        };
      }
      if (entry === this.entries[0]) for (const listener of [...this.listeners]) listener(state);
      this.deskChanged();
    });
    this.entries.push(entry);
    if (this.hotplug) {
      void entry.service.start();
      if (!this.visible) void entry.service.setVisible(false);
    }
    return entry;
  }

  private deskChanged(): void {
    if (this.deskListeners.size === 0) return;
    const devices = this.listDevices();
    for (const listener of [...this.deskListeners]) listener(devices);
  }

  // ---- the first device, as the single-device port ---------------------------------------------------

  getState(): DeviceState {
    return this.entries[0]!.service.getState();
  }

  subscribe(listener: (state: DeviceState) => void): () => void {
    this.listeners.add(listener);
    listener(this.getState());
    return () => void this.listeners.delete(listener);
  }

  refresh(device?: LedgerSelector): Promise<DeviceState> {
    return this.call(device, (s) => s.refresh());
  }

  openEthereumApp(device?: LedgerSelector): Promise<DeviceState> {
    return this.call(device, (s) => s.openEthereumApp());
  }

  async setVisible(visible: boolean): Promise<DeviceState> {
    this.visible = visible;
    await Promise.all(this.entries.slice(1).map((e) => e.service.setVisible(visible)));
    return this.entries[0]!.service.setVisible(visible);
  }

  discoverAccounts(params: { scheme: DerivationScheme; start?: number; count?: number }, device?: LedgerSelector) {
    return this.call(device, (s) => s.discoverAccounts(params));
  }

  verifyAddress(path: string, expectedAddress?: string, device?: LedgerSelector) {
    return this.call(device, (s) => s.verifyAddress(path, expectedAddress));
  }

  signTransaction(path: string, request: DeviceTransactionRequest, options: DeviceChoice = {}) {
    return this.call(options.device, (s) => s.signTransaction(path, request, expected(options)));
  }

  signPersonalMessage(path: string, message: string | { raw: string }, options: DeviceChoice = {}) {
    return this.call(options.device, (s) => s.signPersonalMessage(path, message, expected(options)));
  }

  signTypedDataHash(path: string, hashes: { domainHash: string; messageHash: string }, options: DeviceChoice = {}) {
    return this.call(options.device, (s) => s.signTypedDataHash(path, hashes, expected(options)));
  }

  private call<T>(device: LedgerSelector | undefined, job: (service: DeviceService) => Promise<T>): Promise<T> {
    try {
      return job(this.serviceFor(device));
    } catch (err) {
      return Promise.reject(err);
    }
  }
}

function expected(options: DeviceChoice): { expectedAddress?: string } {
  return options.expectedAddress === undefined ? {} : { expectedAddress: options.expectedAddress };
}
