import { AppError } from '../../../shared/errors';
import type { LedgerListing, LedgerSelector } from '../../../shared/device/desk';
import type { DeviceState } from '../../../shared/device/state';
import type { DeviceChoice } from './device-fleet';
import type { DevicePort } from './device-port';
import type { LedgerDesk } from './wallet-devices';
import type { DeviceEvent, DeviceRequest, DeviceResponse } from './protocol';

/** A message channel to the process hosting the device service (Electron's utility process, or a Node child in tests). */
export interface DeviceChannel {
  post(message: DeviceRequest): void;
  onMessage(listener: (message: DeviceResponse | DeviceEvent) => void): void;
  /** Called once when the hosting process is gone, for whatever reason. */
  onExit(listener: (reason: string) => void): void;
  kill(): void;
}

type Pending = { resolve(value: unknown): void; reject(err: Error): void };
type RequestWithoutId = DeviceRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The device fleet seen through a message channel: as a `DevicePort` the first Ledger, as a
 * `LedgerDesk` every Ledger on the desk (a job may name its device). If the hosting process dies,
 * every request still waiting fails with a clear message (nothing was signed by this console in
 * that moment that it does not know about: a signature only counts once it has come back), the
 * process is started again, and the state says so.
 */
export class RemoteDevice implements DevicePort, LedgerDesk {
  private channel: DeviceChannel | null = null;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<(state: DeviceState) => void>();
  private readonly deskListeners = new Set<(devices: LedgerListing[]) => void>();
  private state: DeviceState = { status: 'disconnected' };
  /** The desk as the device process last told it (its events, or a listing asked for). */
  private devices: LedgerListing[] = [];
  private nextId = 1;
  private stopped = false;
  /** The window's visibility, told again to a restarted device process (which starts visible). */
  private visible = true;
  /** Restarts since the device process was started. */
  restarts = 0;
  /** When each recent restart happened: the budget counts only those within `quietResetMs`. */
  private recentRestarts: number[] = [];

  /**
   * `maxRestarts` restarts are allowed within `quietResetMs`; a crash after a quiet period (a
   * native HID failure once in a long day) is restarted again instead of counting against the
   * budget for good.
   */
  constructor(
    private readonly spawn: () => DeviceChannel,
    private readonly maxRestarts = 5,
    private readonly quietResetMs = 10 * 60_000,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.connect();
    this.setState((await this.call({ method: 'getState' })) as DeviceState);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.channel?.kill();
    this.channel = null;
    this.failPending('The device connection was closed.');
  }

  getState(): DeviceState {
    return this.state;
  }

  subscribe(listener: (state: DeviceState) => void): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => void this.listeners.delete(listener);
  }

  /** The Ledgers on USB now, asked of the device process. */
  async listDevices(): Promise<LedgerListing[]> {
    const devices = await this.call({ method: 'listDevices' });
    if (Array.isArray(devices)) this.setDevices(devices as LedgerListing[]);
    return this.devices;
  }

  /** Calls `listener` with the desk as last told and at every change the device process reports. */
  subscribeDevices(listener: (devices: LedgerListing[]) => void): () => void {
    this.deskListeners.add(listener);
    listener(this.devices);
    return () => void this.deskListeners.delete(listener);
  }

  refresh(device?: LedgerSelector) {
    return this.call({ method: 'refresh', ...onDevice(device) }) as Promise<DeviceState>;
  }
  openEthereumApp(device?: LedgerSelector) {
    return this.call({ method: 'openEthereumApp', ...onDevice(device) }) as Promise<DeviceState>;
  }
  setVisible(visible: boolean) {
    this.visible = visible;
    return this.call({ method: 'setVisible', params: { visible } }) as Promise<DeviceState>;
  }
  discoverAccounts(params: Parameters<DevicePort['discoverAccounts']>[0], device?: LedgerSelector) {
    return this.call({ method: 'discoverAccounts', params: { ...params, ...(device ? { device } : {}) } }) as ReturnType<DevicePort['discoverAccounts']>;
  }
  verifyAddress(path: string, expectedAddress?: string, device?: LedgerSelector) {
    return this.call({ method: 'verifyAddress', params: { path, ...(expectedAddress ? { expectedAddress } : {}), ...(device ? { device } : {}) } }) as Promise<string>;
  }
  signTransaction(path: string, request: Parameters<DevicePort['signTransaction']>[1], options: DeviceChoice = {}) {
    return this.call({ method: 'signTransaction', params: { path, request, ...options } }) as ReturnType<DevicePort['signTransaction']>;
  }
  signPersonalMessage(path: string, message: string | { raw: string }, options: DeviceChoice = {}) {
    return this.call({ method: 'signPersonalMessage', params: { path, message, ...options } }) as ReturnType<DevicePort['signPersonalMessage']>;
  }
  signTypedDataHash(path: string, hashes: { domainHash: string; messageHash: string }, options: DeviceChoice = {}) {
    return this.call({ method: 'signTypedDataHash', params: { path, ...hashes, ...options } }) as ReturnType<DevicePort['signTypedDataHash']>;
  }

  private connect(): void {
    const channel = this.spawn();
    this.channel = channel;
    channel.onMessage((message) => {
      if ('type' in message) {
        if (message.type === 'devices') this.setDevices(message.devices);
        else this.setState(message.state);
        return;
      }
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(new AppError(message.error));
    });
    channel.onExit((reason) => {
      if (this.channel !== channel) return;
      this.channel = null;
      this.failPending(`The device process stopped (${reason}) while this request was on its way.`);
      // No Ledger is reachable until a new process lists them again (its first event does).
      this.setDevices([]);
      if (this.stopped) return;
      const now = Date.now();
      this.recentRestarts = this.recentRestarts.filter((at) => now - at < this.quietResetMs);
      if (this.recentRestarts.length >= this.maxRestarts) {
        this.setState({
          status: 'error',
          error: { code: 'DEVICE_HOST_FAILED', message: 'The device process keeps stopping.', action: 'Restart Vaultdesk; if it happens again, report it with the log file.' },
        });
        return;
      }
      this.restarts++;
      this.recentRestarts.push(now);
      this.setState({ status: 'disconnected' });
      this.connect();
      void this.call({ method: 'getState' }).then((s) => this.setState(s as DeviceState), () => undefined);
      if (!this.visible) void this.call({ method: 'setVisible', params: { visible: false } }).catch(() => undefined);
    });
  }

  private call(request: RequestWithoutId): Promise<unknown> {
    const channel = this.channel;
    if (!channel) {
      return Promise.reject(
        new AppError({ code: 'DEVICE_HOST_STOPPED', message: 'The device connection is not running.', action: 'Restart Vaultdesk.' }),
      );
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      channel.post({ ...request, id } as DeviceRequest);
    });
  }

  private failPending(message: string): void {
    const error = new AppError({
      code: 'DEVICE_HOST_STOPPED',
      message,
      action: 'Nothing was signed by that request. Check the device, then try again.',
    });
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  private setState(state: DeviceState): void {
    this.state = state;
    for (const l of this.listeners) l(state);
  }

  private setDevices(devices: LedgerListing[]): void {
    this.devices = devices;
    for (const l of [...this.deskListeners]) l(devices);
  }
}

function onDevice(device: LedgerSelector | undefined): { params?: { device: LedgerSelector } } {
  return device ? { params: { device } } : {};
}
