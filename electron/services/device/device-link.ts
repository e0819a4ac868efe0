/**
 * The USB side of the device service: which device USB reports present, the one open handle to
 * it, and releasing that handle when idle so other applications can use the device.
 */
import { deviceNotFound } from './device-errors';
import { createOfflineEthApp, type EthApp } from './ledgerhq';
import type { DeviceTransport, TransportFactory } from './transport-port';

export interface Connection {
  transport: DeviceTransport;
  eth: EthApp;
}

export class DeviceLink {
  /** The device USB reported present (its HID path changes at every re-enumeration). */
  private descriptor: string | null = null;
  private connection: Connection | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly plugWaiters: (() => void)[] = [];

  constructor(
    private readonly transports: TransportFactory,
    private readonly openTimeoutMs: number,
    private readonly idleReleaseMs: number,
  ) {}

  /** True while USB reports the device. */
  get present(): boolean {
    return this.descriptor !== null;
  }

  /** True while a USB handle is open (false once released when idle). */
  get open(): boolean {
    return this.connection !== null;
  }

  /** USB reported the device (again, after a re-enumeration). */
  plugged(descriptor: string): void {
    // A new path is a new USB enumeration: a handle to the old one is dead, even if the listener
    // never reported the old path's removal.
    if (this.descriptor !== descriptor) this.release();
    this.descriptor = descriptor;
    for (const waiter of this.plugWaiters.splice(0)) waiter();
  }

  /** USB reported a removal; false when it was another device than ours. */
  unplugged(descriptor: string): boolean {
    if (this.descriptor !== null && descriptor !== this.descriptor) return false;
    this.descriptor = null;
    this.release();
    return true;
  }

  /** The open handle, opening one first (and waiting a moment for a device just plugged in). */
  async connect(): Promise<Connection> {
    if (this.connection) return this.connection;
    // A job asked for right after plugging in (or starting) may precede the USB "add" event.
    if (!(await this.waitForDevice(this.openTimeoutMs))) throw deviceNotFound();
    const transport = await this.transports.open(this.descriptor!, this.openTimeoutMs);
    const connection: Connection = { transport, eth: createOfflineEthApp(transport) };
    // "disconnect" only fires when a read or write fails; USB remove events cover the rest.
    transport.on('disconnect', () => {
      if (this.connection === connection) this.connection = null;
    });
    this.connection = connection;
    return connection;
  }

  /** Waits up to `ms` for a device to be plugged in; true if one is there. */
  private async waitForDevice(ms: number): Promise<boolean> {
    if (this.descriptor !== null) return true;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.plugWaiters.push(done);
    });
    return this.descriptor !== null;
  }

  release(): void {
    const connection = this.connection;
    this.connection = null;
    if (connection) connection.transport.close().catch(() => undefined);
  }

  /** Releases the handle after `idleReleaseMs` unless a job is running by then. */
  scheduleIdleRelease(busy: () => boolean): void {
    this.cancelIdleRelease();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!busy()) this.release();
    }, this.idleReleaseMs);
    this.idleTimer.unref?.();
  }

  cancelIdleRelease(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /** Forgets the device and releases it; whoever waits for a device stops waiting. */
  close(): void {
    this.cancelIdleRelease();
    this.release();
    this.descriptor = null;
    for (const waiter of this.plugWaiters.splice(0)) waiter();
  }
}
