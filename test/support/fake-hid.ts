/**
 * A stand-in for the native `node-hid` and `usb` modules, backed by the emulated Ledger, so that the
 * real `@ledgerhq/hw-transport-node-hid` runs in tests: its enumeration (`HID.devices`), its
 * hot-plug listener (`usb` attach/detach and the debounced HID re-poll), its HID framing (64-byte
 * reports on a channel) and its open/close.
 *
 * What it reproduces of a real Ledger on USB:
 * - every app switch and every replug is a new USB enumeration: the old hidraw node dies (reads and
 *   writes on handles to it fail) and a node appears for the new one, with a new path or, as Linux
 *   often does, the same path reused;
 * - another application (Ledger Live, a browser wallet) using the device: usually the open still
 *   succeeds (hidraw, macOS and Windows share HID devices) and the two interfere, since every input
 *   report reaches every open handle (`otherApplication()`); held exclusively, opening fails with
 *   node-hid's own message (`heldByOtherProcess`);
 * - each model's product ids and name (`model`), and other vendors' USB events (`otherVendorEvent`);
 * - a device that stops answering leaves the read pending forever;
 * - closing a handle while node-hid's read thread still waits on it is counted (in node-hid that
 *   frees memory the read thread still uses).
 *
 * Installed through Node's module cache for the test process only (`installFakeHid`), before the
 * adapter first loads the Ledger libraries.
 */
import { EventEmitter } from 'node:events';
import Module, { createRequire } from 'node:module';
import type { EmulatedLedger, EmulatedTransport } from '../../electron/demo/ledger';
import { LEDGER_MODELS, OtherApplication, TAG_APDU, frameAnswer, type LedgerModel } from './hid-parties';

export { LEDGER_MODELS, OtherApplication, type LedgerModel } from './hid-parties';

const require = createRequire(import.meta.url);

export const LEDGER_VENDOR_ID = 0x2c97;
/** Another vendor's id (a mouse, a phone), for USB events that are not the Ledger's. */
export const OTHER_VENDOR_ID = 0x046d;

const INTERFACES_APP = 0x11;
const INTERFACES_DASHBOARD = 0x15;

export interface FakeHidOptions {
  /** Give each new USB enumeration the path of the previous one (Linux reusing a hidraw minor). */
  reusePath?: boolean;
  /** Number of the first hidraw node (default 3). */
  firstHidraw?: number;
  /** The model on USB (default the emulated device's). */
  model?: LedgerModel;
  /** The USB serial number (default "0001", what every Ledger reports). */
  serialNumber?: string;
}

type ReadCallback = (err: Error | null, data?: number[]) => void;

/** One USB enumeration of the device: its hidraw node lives as long as it does. */
interface Enumeration {
  path: string;
  dashboard: boolean;
  alive: boolean;
}

export class FakeHidBackend {
  /** `usb` module's `usb` emitter: raw attach/detach, before any HID node is known. */
  readonly usb = new EventEmitter();
  /** Another process holds the device exclusively: opening it fails. */
  heldByOtherProcess = false;
  /** The device swallows the next APDU and never answers it. */
  stallNextCommand = false;
  /** Handles closed while a read was still pending on them (must stay 0). */
  closedDuringRead = 0;
  /** Every path opened, in order. */
  readonly opened: string[] = [];
  /** When each open was tried (`Date.now()`), whether it succeeded or not. */
  readonly openAttempts: number[] = [];
  private readonly handles = new Set<FakeHidDevice>();
  private readonly others = new Set<OtherApplication>();
  private enumeration: Enumeration | null = null;
  private nextHidraw: number;

  constructor(
    readonly ledger: EmulatedLedger,
    private readonly options: FakeHidOptions = {},
  ) {
    this.nextHidraw = options.firstHidraw ?? 3;
    if (ledger.snapshot().plugged) this.enumerate();
    ledger.subscribe((event) => {
      if (event.type !== 'usb') return;
      if (event.change === 'remove') this.vanish();
      else this.enumerate();
    });
  }

  /** The hidraw path of the device now, or null while it is off USB. */
  get path(): string | null {
    return this.enumeration?.path ?? null;
  }

  /** Handles open now (not closed by their owner). */
  get openHandles(): number {
    return [...this.handles].filter((h) => !h.closed).length;
  }

  private enumerate(): void {
    const previous = this.enumeration;
    const path = this.options.reusePath && previous ? previous.path : `/dev/hidraw${this.nextHidraw++}`;
    this.enumeration = { path, dashboard: this.ledger.snapshot().app === 'BOLOS', alive: true };
    this.usb.emit('attach', { deviceDescriptor: { idVendor: LEDGER_VENDOR_ID } });
  }

  private vanish(): void {
    const gone = this.enumeration;
    if (!gone) return;
    gone.alive = false;
    // With `reusePath`, the record is kept (dead) so the next enumeration takes its path.
    if (!this.options.reusePath) this.enumeration = null;
    for (const handle of this.handles) if (handle.enumeration === gone) handle.lost();
    this.usb.emit('detach', { deviceDescriptor: { idVendor: LEDGER_VENDOR_ID } });
  }

  get serialNumber(): string {
    return this.options.serialNumber ?? '0001';
  }

  /** The model's product string, as node-hid reports it. */
  get product(): string {
    return LEDGER_MODELS[this.options.model ?? this.ledger.snapshot().model].product;
  }

  /** A USB attach or detach of another vendor's device (no HID node of ours changes). */
  otherVendorEvent(type: 'attach' | 'detach'): void {
    this.usb.emit(type, { deviceDescriptor: { idVendor: OTHER_VENDOR_ID } });
  }

  /** Another application opens the device too (a shared open) and can exchange APDUs on it. */
  otherApplication(): OtherApplication {
    const other = new OtherApplication(this, this.ledger.openHandle());
    this.others.add(other);
    return other;
  }

  /** Every input report reaches every open handle, whoever's command it answers. */
  broadcast(from: FakeHidDevice | OtherApplication, reports: Buffer[]): void {
    for (const handle of this.handles) if (handle !== from && !handle.closed) for (const r of reports) handle.deliver(r);
    for (const other of this.others) if (other !== from) for (const r of reports) other.deliver(r);
  }

  forgetOther(other: OtherApplication): void {
    this.others.delete(other);
  }

  /** `HID.devices(vendorId, productId)`: the device's generic HID interface while it is on USB. */
  devices(vendorId?: number, productId?: number): Record<string, unknown>[] {
    const e = this.enumeration;
    if (!e || !e.alive) return [];
    if (vendorId !== undefined && vendorId !== LEDGER_VENDOR_ID) return [];
    const mm = LEDGER_MODELS[this.options.model ?? this.ledger.snapshot().model].productIdMM;
    const pid = (mm << 8) | (e.dashboard ? INTERFACES_DASHBOARD : INTERFACES_APP);
    if (productId !== undefined && productId !== 0 && productId !== pid) return [];
    return [
      {
        vendorId: LEDGER_VENDOR_ID,
        productId: pid,
        path: e.path,
        serialNumber: this.serialNumber,
        manufacturer: 'Ledger',
        product: this.product,
        release: 0x0201,
        interface: 0,
        usagePage: 0xffa0,
        usage: 1,
      },
    ];
  }

  /** `new HID.HID(path)`. */
  open(device: FakeHidDevice, path: string): { enumeration: Enumeration; transport: EmulatedTransport } {
    this.openAttempts.push(Date.now());
    const e = this.enumeration;
    if (!e || !e.alive || e.path !== path || this.heldByOtherProcess) {
      throw new Error(`cannot open device with path ${path}`);
    }
    const transport = this.ledger.openHandle();
    this.handles.add(device);
    this.opened.push(path);
    return { enumeration: e, transport };
  }

  forget(device: FakeHidDevice): void {
    this.handles.delete(device);
  }

  /** Whether the next APDU is to be swallowed (consumes the flag). */
  takeStall(): boolean {
    const stall = this.stallNextCommand;
    this.stallNextCommand = false;
    return stall;
  }
}

/** One node-hid handle: 64-byte reports in, APDUs to the emulated device, answers framed back. */
export class FakeHidDevice extends EventEmitter {
  readonly enumeration: Enumeration;
  private readonly transport: EmulatedTransport;
  closed = false;
  private incoming: { channel: number; length: number; data: Buffer; sequence: number } | null = null;
  private readonly reports: Buffer[] = [];
  private readonly readers: ReadCallback[] = [];
  private failure: Error | null = null;

  constructor(
    private readonly backend: FakeHidBackend,
    path: string,
  ) {
    super();
    const { enumeration, transport } = backend.open(this, path);
    this.enumeration = enumeration;
    this.transport = transport;
  }

  getDeviceInfo(): Record<string, unknown> {
    return { manufacturer: 'Ledger', product: this.backend.product, serialNumber: this.backend.serialNumber };
  }

  /** node-hid writes synchronously and throws when the node is gone. */
  write(data: number[] | Buffer): number {
    if (this.closed) throw new Error('Cannot write to a closed HID device');
    if (!this.enumeration.alive || this.failure) throw new Error('Cannot write to hid device');
    const report = Buffer.from(data).subarray(1); // report id 0 first
    this.receive(report);
    return data.length;
  }

  /** node-hid's asynchronous read: one report, or an error once the device is gone. */
  read(callback: ReadCallback): void {
    if (this.failure) {
      const failure = this.failure;
      setImmediate(() => callback(failure));
      return;
    }
    const report = this.reports.shift();
    if (report) {
      setImmediate(() => callback(null, [...report]));
      return;
    }
    this.readers.push(callback);
  }

  close(): void {
    if (this.closed) return;
    if (this.readers.length > 0) this.backend.closedDuringRead += 1;
    this.closed = true;
    this.backend.forget(this);
    void this.transport.close();
  }

  /** The hidraw node went away under the handle: pending and later reads fail, as in node-hid. */
  lost(): void {
    this.failure = new Error('could not read from HID device');
    for (const reader of this.readers.splice(0)) setImmediate(() => reader(this.failure));
  }

  private receive(report: Buffer): void {
    const channel = report.readUInt16BE(0);
    if (report[2] !== TAG_APDU) return;
    const sequence = report.readUInt16BE(3);
    if (sequence === 0) {
      const length = report.readUInt16BE(5);
      this.incoming = { channel, length, data: report.subarray(7), sequence: 0 };
    } else {
      if (!this.incoming || sequence !== this.incoming.sequence + 1) return;
      this.incoming = { ...this.incoming, data: Buffer.concat([this.incoming.data, report.subarray(5)]), sequence };
    }
    if (this.incoming.data.length < this.incoming.length) return;
    const apdu = this.incoming.data.subarray(0, this.incoming.length);
    this.incoming = null;
    if (this.backend.takeStall()) return;
    this.transport.exchange(apdu).then(
      (answer) => this.answer(channel, answer),
      // The emulated device failing a command (not answering it with a status word) means the USB
      // link broke under it: node-hid sees a read error.
      () => this.lost(),
    );
  }

  private answer(channel: number, answer: Buffer): void {
    const reports = frameAnswer(channel, answer);
    this.backend.broadcast(this, reports);
    if (this.closed) return;
    for (const report of reports) this.deliver(report);
  }

  /** An input report arrives on this handle: to a waiting read, else queued for the next one. */
  deliver(report: Buffer): void {
    if (this.closed) return;
    const reader = this.readers.shift();
    if (reader) setImmediate(() => reader(null, [...report]));
    else this.reports.push(report);
  }
}

/** The Ledgers on the fake USB now: one, or several at once (`useFakeHidDesk`). */
let desk: FakeHidBackend[] = [];

/** The backend of the device on `path` (the first one when none is: its open then fails as node-hid's does). */
function backendOn(path: string): FakeHidBackend {
  if (desk.length === 0) throw new Error('No fake HID backend in use: call useFakeHid(ledger) first');
  return desk.find((b) => b.path === path) ?? desk[0]!;
}

const nodeHidModule = {
  HID: class HID extends FakeHidDevice {
    constructor(path: string) {
      super(backendOn(path), path);
    }
  },
  devices: (vendorId?: number, productId?: number) => desk.flatMap((b) => b.devices(vendorId, productId)),
};

const usbModule = {
  // The listener attaches to this emitter once per `listen`; it forwards the backend in use.
  usb: new EventEmitter(),
};

const LEDGER_LIBRARIES = ['@ledgerhq/hw-transport-node-hid', '@ledgerhq/hw-transport-node-hid-noevents'];

function cacheModule(filename: string, exports: unknown): void {
  const mod = new Module(filename);
  mod.filename = filename;
  mod.loaded = true;
  mod.exports = exports;
  require.cache[filename] = mod;
}

let installed = false;

/**
 * Puts the fake `node-hid` and `usb` in Node's module cache where the Ledger libraries look them
 * up, and drops any copy of those libraries loaded with the native ones. For this test process only.
 */
export function installFakeHid(): void {
  if (installed) return;
  installed = true;
  const fromTransport = createRequire(require.resolve('@ledgerhq/hw-transport-node-hid'));
  const fromNoEvents = createRequire(fromTransport.resolve('@ledgerhq/hw-transport-node-hid-noevents'));
  for (const resolve of [fromTransport.resolve, fromNoEvents.resolve]) {
    cacheModule(resolve('node-hid'), nodeHidModule);
  }
  cacheModule(fromTransport.resolve('usb'), usbModule);
  for (const key of Object.keys(require.cache)) {
    if (LEDGER_LIBRARIES.some((name) => key.includes(`/node_modules/${name}/`))) delete require.cache[key];
  }
}

/** Backs the fake modules with `ledger` from now on; returns the backend to drive USB-level events. */
export function useFakeHid(ledger: EmulatedLedger, options: FakeHidOptions = {}): FakeHidBackend {
  return useFakeHidDesk([{ ledger, ...options }])[0]!;
}

/**
 * Several Ledgers on USB at once, each with its own hidraw nodes (numbered apart), model and
 * serial number; returns their backends in the same order.
 */
export function useFakeHidDesk(devices: (FakeHidOptions & { ledger: EmulatedLedger })[]): FakeHidBackend[] {
  installFakeHid();
  const next = devices.map(({ ledger, ...options }, i) => new FakeHidBackend(ledger, { firstHidraw: 3 + i * 100, ...options }));
  for (const backend of next) {
    const relay = (event: 'attach' | 'detach') => (device: unknown) => {
      if (desk.includes(backend)) usbModule.usb.emit(event, device);
    };
    backend.usb.on('attach', relay('attach'));
    backend.usb.on('detach', relay('detach'));
  }
  desk = next;
  return next;
}

/** The `usb` emitter the adapter listens to (for tests that check listeners are removed). */
export function fakeUsbEmitter(): EventEmitter {
  return usbModule.usb;
}
