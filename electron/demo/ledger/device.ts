/**
 * An emulated Ledger: USB presence, PIN lock, the dashboard and its apps, the buttons. The
 * Ethereum app's commands live in `eth-app.ts`; this file is the device around it.
 */
import type { ConfirmationKind, DeviceScreen } from '../../../shared/device/state';
import { SW, StatusWordError, parseApdu, reply, type Apdu } from './apdu';
import { deviceProfile, waitForReview, type DeviceProfile } from './device-profile';
import { EthereumApp } from './eth-app';
import { dashboardCommand, osCommand, type OsContext } from './os-commands';
import { busyMessageStatusWord, Faults } from './faults';
import { createKeyring, TEST_MNEMONIC } from './keys';
import { CantOpenDevice, DisconnectedDevice, DisconnectedDeviceDuringOperation } from './ledgerhq';
import { EmulatedTransport, type EmulatedEndpoint } from './transport';
import { DASHBOARD, EMULATED_DESCRIPTOR, ETHEREUM, type EmulatedLedgerOptions, type EmulatorEvent } from './device-types';
import type { EmulatorSnapshot, PendingConfirmation, UsbObserver } from './device-types';

;
export type { EmulatedLedgerOptions,     } from './device-types';

interface Pending extends PendingConfirmation {
  transport: EmulatedTransport;
  settle(approved: boolean): void;
  abort(err: Error): void;
}

export class EmulatedLedger implements EmulatedEndpoint {
  private readonly autoApprove: boolean;
  private readonly profile: DeviceProfile;
  private readonly otherAppVersion: string;
  private readonly installed: Set<string>;
  private readonly lockedSw: number;
  private readonly dashboardSw: number;
  private readonly otherAppSw: number;
  private readonly reenumerationDelayMs: number;
  private readonly ethereum: EthereumApp;

  private plugged: boolean;
  private locked: boolean;
  private app: string;
  private blindSigning: boolean;
  /** Incremented at every USB enumeration: handles from an older one are dead. */
  private connection = 0;
  private current: EmulatedTransport | null = null;
  private pending: Pending | null = null;
  private reattach: ReturnType<typeof setTimeout> | null = null;
  private readonly faults = new Faults();
  /** A page the app shows without waiting for an answer (blind signing off), until the next review or app switch. */
  private notice: DeviceScreen[] | null = null;
  private readonly listeners = new Set<(event: EmulatorEvent) => void>();
  private readonly usbObservers = new Set<UsbObserver>();

  /** What its hot-plug events carry: a descriptor of its own, so several can be plugged in at once. */
  readonly descriptor: string;
  /** The USB serial number it reports, if any. */
  readonly serialNumber: string | undefined;

  constructor(options: EmulatedLedgerOptions = {}) {
    this.descriptor = options.descriptor ?? EMULATED_DESCRIPTOR;
    this.serialNumber = options.serialNumber;
    this.autoApprove = options.autoApprove ?? false;
    this.profile = deviceProfile(options);
    this.otherAppVersion = options.otherAppVersion ?? '2.3.0';
    this.installed = new Set(options.installedApps ?? [ETHEREUM, 'Bitcoin']);
    this.lockedSw = options.lockedStatusWord ?? SW.LOCKED;
    this.dashboardSw = options.dashboardStatusWord ?? SW.INS_NOT_SUPPORTED;
    this.otherAppSw = options.otherAppStatusWord ?? SW.CLA_NOT_SUPPORTED;
    this.reenumerationDelayMs = options.reenumerationDelayMs ?? 20;
    this.plugged = options.plugged ?? true;
    this.locked = options.locked ?? false;
    this.app = options.app ?? ETHEREUM;
    if (this.app !== DASHBOARD && !this.installed.has(this.app)) this.installed.add(this.app);
    this.blindSigning = options.blindSigning ?? false;
    const keys = createKeyring(options.mnemonic ?? TEST_MNEMONIC);
    this.ethereum = new EthereumApp(keys, {
      confirm: (kind, screens) => this.confirm(kind, screens),
      blindSigning: () => this.blindSigning,
      version: () => this.profile.appVersion,
      target: () => this.profile,
      notice: (screens) => {
        this.notice = screens;
        this.changed();
      },
    }, { trustTestCertificates: options.trustTestCertificates ?? true });
  }

  // ---- USB ---------------------------------------------------------------------------------

  private get usbInfo(): { serialNumber?: string } {
    return this.serialNumber === undefined ? {} : { serialNumber: this.serialNumber };
  }

  /** The handle of the current USB enumeration (a new one after every unplug or app switch). */
  get transport(): EmulatedTransport {
    if (!this.current || this.current.connection !== this.connection || this.current.isClosed) {
      this.current = new EmulatedTransport(this, this.connection, this.profile.usbProductId);
    }
    return this.current;
  }

  /** Opens a new handle, as `TransportNodeHid.open` does; fails while the device is absent. */
  async open(): Promise<EmulatedTransport> {
    return this.openHandle();
  }

  /** The same, synchronously, as node-hid opens a device: a handle on the current USB enumeration. */
  openHandle(): EmulatedTransport {
    if (!this.plugged) throw new CantOpenDevice(`cannot open device with path ${this.descriptor}`);
    return new EmulatedTransport(this, this.connection, this.profile.usbProductId);
  }

  /** Hot-plug events, like `Transport.listen`: an "add" right away if plugged, then every change. */
  listen(observer: UsbObserver): { unsubscribe(): void } {
    this.usbObservers.add(observer);
    const wasPlugged = this.plugged;
    queueMicrotask(() => {
      if (wasPlugged && this.plugged && this.usbObservers.has(observer)) {
        observer.next({ type: 'add', descriptor: this.descriptor, ...this.usbInfo });
      }
    });
    return { unsubscribe: () => void this.usbObservers.delete(observer) };
  }

  unplug(): void {
    if (this.reattach) {
      clearTimeout(this.reattach);
      this.reattach = null;
    }
    if (!this.plugged) return;
    this.detach();
  }

  /** Plugs it back in: a real Ledger boots locked on the dashboard (`locked: false` or `app`: elsewhere). */
  replug(options: { locked?: boolean; app?: string } = {}): void {
    if (this.plugged) return;
    this.locked = options.locked ?? true;
    this.app = options.app ?? DASHBOARD;
    this.attach();
  }

  /** Resolves once no USB re-enumeration is in progress. */
  async settled(): Promise<void> {
    while (this.reattach) await new Promise((r) => setTimeout(r, 5));
  }

  private detach(): void {
    this.abortPending(new DisconnectedDeviceDuringOperation('The device was disconnected'));
    this.ethereum.reset();
    this.notice = null;
    this.plugged = false;
    this.connection += 1;
    for (const o of [...this.usbObservers]) o.next({ type: 'remove', descriptor: this.descriptor, ...this.usbInfo });
    this.emit({ type: 'usb', change: 'remove' });
    this.changed();
  }

  private attach(): void {
    this.plugged = true;
    this.connection += 1;
    for (const o of [...this.usbObservers]) o.next({ type: 'add', descriptor: this.descriptor, ...this.usbInfo });
    this.emit({ type: 'usb', change: 'add' });
    this.changed();
  }

  /** Opening or quitting an app re-enumerates the USB device: it leaves and comes back. */
  private switchApp(name: string): void {
    this.detach();
    this.app = name;
    this.reattach = setTimeout(() => {
      this.reattach = null;
      this.attach();
    }, this.reenumerationDelayMs);
  }

  // ---- buttons and settings -------------------------------------------------------------------

  approve(): void {
    this.press(true);
  }

  reject(): void {
    this.press(false);
  }

  private press(approved: boolean): void {
    const pending = this.pending;
    if (!pending) throw new Error('The emulated Ledger shows no review to ' + (approved ? 'approve' : 'reject'));
    if (this.locked) throw new Error('The emulated Ledger is locked: unlock it first');
    this.pending = null;
    this.emit({ type: 'confirmation-settled', kind: pending.kind, outcome: approved ? 'approved' : 'rejected' });
    pending.settle(approved);
    this.changed();
  }

  /** Locks the device. A review in progress stays behind the PIN screen until `unlock()`. */
  lock(): void {
    this.locked = true;
    this.changed();
  }

  unlock(): void {
    this.locked = false;
    this.changed();
    // A review that was waiting behind the PIN screen is approved now, as it would have been.
    if (this.autoApprove && this.pending) setImmediate(() => this.pending && !this.locked && this.approve());
  }

  /** The user opens an app (or "BOLOS": quits to the dashboard) with the device's buttons. */
  openApp(name: string): void {
    if (!this.plugged) throw new Error('The emulated Ledger is unplugged');
    if (this.locked) throw new Error('The emulated Ledger is locked: unlock it first');
    if (name !== DASHBOARD && !this.installed.has(name)) throw new Error(`${name} is not installed`);
    if (name === this.app) return;
    this.switchApp(name);
  }

  setBlindSigning(enabled: boolean): void {
    this.blindSigning = enabled;
    this.changed();
  }

  /** Answers the next APDUs with these status words, for paths the emulation does not reach. */
  failNextWith(...statusWords: number[]): void {
    this.faults.failNext(statusWords);
  }

  /** Answers the next APDUs of this instruction (INS byte) with these status words. */
  failInstructionWith(ins: number, ...statusWords: number[]): void {
    this.faults.failInstruction(ins, statusWords);
  }

  // ---- what the device shows --------------------------------------------------------------------

  get pendingConfirmation(): PendingConfirmation | null {
    return this.pending ? { kind: this.pending.kind, screens: [...this.pending.screens] } : null;
  }

  get screens(): DeviceScreen[] {
    if (!this.plugged) return [];
    if (this.locked) return [{ title: 'Enter PIN' }];
    if (this.pending) return [...this.pending.screens];
    if (this.notice) return [...this.notice];
    if (this.app === DASHBOARD) return [{ title: 'Dashboard' }];
    return [{ title: this.app, value: 'is ready' }];
  }

  snapshot(): EmulatorSnapshot {
    return {
      plugged: this.plugged,
      locked: this.locked,
      app: this.app,
      appVersion: this.app === ETHEREUM ? this.profile.appVersion : this.app === DASHBOARD ? this.profile.osVersion : this.otherAppVersion,
      model: this.profile.model,
      ethereumAppVersion: this.profile.appVersion,
      osVersion: this.profile.osVersion,
      blindSigning: this.blindSigning,
      screens: this.screens,
      pending: this.pendingConfirmation,
    };
  }

  subscribe(listener: (event: EmulatorEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Resolves with the review as soon as the device shows one (at once if it already does), or one
   * of `kind`: a review the host gave up on stays on screen until another replaces it.
   */
  waitForConfirmation(kind?: ConfirmationKind): Promise<PendingConfirmation> {
    return waitForReview(this, kind);
  }

  private emit(event: EmulatorEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private changed(): void {
    this.emit({ type: 'changed', snapshot: this.snapshot() });
  }

  // ---- APDU handling ------------------------------------------------------------------------------

  private confirm(kind: ConfirmationKind, screens: DeviceScreen[], transport?: EmulatedTransport): Promise<boolean> {
    this.notice = null;
    return new Promise<boolean>((resolve, reject) => {
      this.pending = {
        kind,
        screens,
        transport: transport ?? this.exchanging ?? this.transport,
        settle: resolve,
        abort: reject,
      };
      this.emit({ type: 'awaiting-confirmation', kind, screens: [...screens] });
      this.changed();
      if (this.autoApprove) setImmediate(() => this.pending?.kind === kind && !this.locked && this.approve());
    });
  }

  private abortPending(err: Error): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    this.emit({ type: 'confirmation-settled', kind: pending.kind, outcome: 'aborted' });
    pending.abort(err);
  }

  /** The transport whose APDU is being handled (reviews belong to it). */
  private exchanging: EmulatedTransport | null = null;

  transportClosed(_transport: EmulatedTransport): void {
    // Closing the host's handle does not touch the device's screen: a review stays until the user
    // presses a button (its answer then goes nowhere) or a new command replaces it.
  }

  /** The review on screen is dropped without an answer: the app went on to another command. */
  private dismissPending(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    this.ethereum.reset();
    this.emit({ type: 'confirmation-settled', kind: pending.kind, outcome: 'aborted' });
    this.changed();
  }

  /**
   * A command that reaches the app while it shows a review, answered as the app does: configuration,
   * silent addresses, token information and OS commands alongside; hashed EIP-712 refused (0x6980);
   * a message start refused (0x6985 up to 1.19.3, then 0x6980), sending the app back to idle; any
   * other command starts over, replacing the review.
   */
  private async whileReviewing(apdu: Apdu): Promise<Buffer> {
    if (apdu.cla === 0xb0) return osCommand(this.os, apdu);
    if (this.app !== ETHEREUM || apdu.cla !== 0xe0) return this.dispatchApdu(apdu);
    const answeredAlongside = apdu.ins === 0x06 || apdu.ins === 0x0a || (apdu.ins === 0x02 && apdu.p1 === 0x00);
    if (answeredAlongside) return this.ethereum.handle(apdu);
    if (apdu.ins === 0x0c) return reply(null, SW.COMMAND_NOT_ALLOWED);
    if (apdu.ins === 0x08 && apdu.p1 === 0x00) {
      this.dismissPending();
      return reply(null, busyMessageStatusWord(this.profile.appVersion));
    }
    this.dismissPending();
    return this.dispatchApdu(apdu);
  }

  async exchangeFrom(transport: EmulatedTransport, raw: Buffer): Promise<Buffer> {
    if (transport.isClosed || transport.connection !== this.connection || !this.plugged) {
      transport.markDisconnected();
      throw new DisconnectedDevice();
    }
    try {
      // Reviews started by this command belong to this handle.
      this.exchanging = transport;
      return await this.dispatch(raw);
    } catch (err) {
      if (err instanceof StatusWordError) return reply(null, err.sw);
      if (err instanceof Error && err.name.startsWith('DisconnectedDevice')) transport.markDisconnected();
      throw err;
    } finally {
      if (this.exchanging === transport) this.exchanging = null;
    }
  }

  private async dispatch(raw: Buffer): Promise<Buffer> {
    const injected = this.faults.take(raw);
    if (injected !== undefined) return reply(null, injected);
    const apdu = parseApdu(raw);
    if (this.locked) return reply(null, this.lockedSw);
    if (this.pending) return this.whileReviewing(apdu);
    return this.dispatchApdu(apdu);
  }

  private async dispatchApdu(apdu: Apdu): Promise<Buffer> {
    if (apdu.cla === 0xb0) return osCommand(this.os, apdu);
    if (this.app === DASHBOARD) return dashboardCommand(this.os, apdu);
    if (this.app !== ETHEREUM) return reply(null, this.otherAppSw);
    if (apdu.cla !== 0xe0) return reply(null, SW.CLA_NOT_SUPPORTED);
    return this.ethereum.handle(apdu);
  }

  /** The device as its OS commands see it (`os-commands.ts`). */
  private get os(): OsContext {
    return {
      app: this.app,
      openAppVersion: this.snapshot().appVersion,
      installed: this.installed,
      dashboardSw: this.dashboardSw,
      profile: this.profile,
      switchAppSoon: (name) => setImmediate(() => this.plugged && this.switchApp(name)),
      confirm: (kind, screens) => this.confirm(kind, screens),
      ethereumOsCommand: (apdu) => this.ethereum.osCommand(apdu),
    };
  }
}
