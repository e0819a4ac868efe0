/**
 * The Ledger device service: one transport at a time, one FIFO queue of jobs with a time limit
 * each, hot-plug, reopening after a disconnect or an app switch, releasing the device when idle so
 * other applications can use it, and the device's state pushed to subscribers.
 *
 * Plain Node (never imports `electron`): in the app it runs inside a utility process and is driven
 * by messages, so its API is async methods plus one state subscription, all JSON-serializable.
 *
 * This module is the state machine (which app is open, opening Ethereum, what a failure leaves on
 * screen); the operations live in `accounts.ts` and `signing.ts`, the USB handle in `device-link.ts`.
 */
import { AppError } from '../../../shared/errors';
import type { DerivationScheme } from '../../../shared/device/paths';
import { openAppScreens } from '../../../shared/device/screens';
import type { DeviceAccount, DeviceState, DeviceTransactionRequest, SignedMessage, SignedTransaction } from '../../../shared/device/state';
import * as accounts from './accounts';
import { DASHBOARD_APP, ETHEREUM_APP, openApp, quitApp } from './app-info';
import type { DeviceAccess, Ready } from './device-access';
import { appDidNotReturn, appErrorFrom, SERVICE_STOPPED, stateAfterError, wrongApp } from './device-errors';
import { DeviceLink, type Connection } from './device-link';
import { openAppName, readDeviceState } from './device-probe';
import { usbObserver, type UsbListener } from './device-usb';
import { DeviceWatch } from './device-watch';
import { JobQueue } from './job-queue';
import * as signing from './signing';
import { delay } from './timeout';
import type { DeviceServiceOptions } from './device-options';
import type { TransportFactory } from './transport-port';

;

export { DEVICE_WATCH_INTERVAL_MS, type DeviceServiceOptions } from './device-options';

type Listener = (state: DeviceState) => void;

export class DeviceService {
  private readonly transports: TransportFactory;
  private readonly confirmTimeoutMs: number;
  private readonly commandTimeoutMs: number;
  private readonly reenumerationTimeoutMs: number;
  private readonly autoOpenEthereum: boolean;
  /** Token and calldata descriptors besides Ledger's own, given to every signing. */
  private readonly descriptors: Pick<signing.SignOptions, 'descriptors' | 'calldataDescriptors'>;
  private readonly watcher: DeviceWatch;

  private state: DeviceState = { status: 'disconnected' };
  private readonly listeners = new Set<Listener>();
  private readonly queue: JobQueue;
  private readonly link: DeviceLink;
  private hotplug: { unsubscribe(): void } | null = null;
  /** Set while a job opens or quits an app: the USB remove/add that follows is expected. */
  private switchingApp = false;
  /** The console's window is hidden: no watch, no probe on hot-plug, the device left to other apps. */
  private hidden = false;
  /** USB changed while hidden: ask the device again when the window shows. */
  private staleWhileHidden = false;
  /**
   * The OS version the dashboard gave last. Kept when the device leaves USB: opening or quitting an
   * app re-enumerates it, and no app can tell the OS version again; the next dashboard replaces it.
   */
  private osVersion: string | undefined;
  /** A job gave up while its review was on the device: the review may still be there. */
  private reviewLeft = false;

  constructor(options: DeviceServiceOptions) {
    this.transports = options.transports;
    this.confirmTimeoutMs = options.confirmTimeoutMs ?? 180_000;
    this.descriptors = { ...(options.tokenDescriptors ? { descriptors: options.tokenDescriptors } : {}), ...(options.calldataDescriptors ? { calldataDescriptors: options.calldataDescriptors } : {}) };
    this.commandTimeoutMs = options.commandTimeoutMs ?? 20_000;
    this.reenumerationTimeoutMs = options.reenumerationTimeoutMs ?? 15_000;
    this.autoOpenEthereum = options.autoOpenEthereum ?? false;
    this.watcher = new DeviceWatch(options.watchIntervalMs ?? 0, () => this.watch());
    this.link = new DeviceLink(options.transports, options.openTimeoutMs ?? 5_000, options.idleReleaseMs ?? 0);
    this.queue = new JobQueue({
      onBusy: () => this.link.cancelIdleRelease(),
      // Hidden, the device goes back to other applications as soon as the last job is done.
      onIdle: () => (this.hidden ? this.link.release() : this.link.scheduleIdleRelease(() => this.queue.busy)),
      // An abandoned exchange may still be waiting on the device: drop its handle so the next job
      // starts on a fresh one instead of tripping over the old one's lock.
      onTimeout: (_label, error) => {
        this.reviewLeft ||= this.state.status === 'awaiting-confirmation';
        this.link.release();
        this.setState({ status: 'error', error: error.toData() });
      },
    });
  }

  // ---- lifecycle and state ----------------------------------------------------------------------

  /**
   * Starts watching USB for the device. Resolves once the devices already present have been
   * reported (listeners report them asynchronously).
   */
  async start(): Promise<void> {
    if (this.hotplug) return;
    this.hotplug = this.transports.listen(usbObserver(this.usbListener()));
    this.watcher.start();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  private usbListener(): UsbListener {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getters read the service's state when asked
    const service = this;
    return {
      link: this.link,
      get switchingApp() {
        return service.switchingApp;
      },
      get hidden() {
        return service.hidden;
      },
      get idle() {
        return service.queue.length === 0;
      },
      markStale: () => (this.staleWhileHidden = true),
      ask: () => void this.refresh().catch(() => undefined),
      recheck: () => this.recheck(),
      gone: () => {
        this.reviewLeft = false;
        this.setState({ status: 'disconnected' });
      },
      failed: (error) => this.setState({ status: 'error', error }),
    };
  }

  /**
   * The console's window was hidden (minimised, another tab) or shown again. Hidden, the watch
   * stops and the device is released as soon as no job needs it, so Ledger Live or a browser
   * wallet can use it; a job the user started (a signature under way) still runs. Shown, the device
   * is asked again at once, and the watch resumes.
   */
  async setVisible(visible: boolean): Promise<DeviceState> {
    if (this.hidden === !visible) return this.state;
    this.hidden = !visible;
    if (this.hidden) {
      if (this.queue.length === 0) this.link.release();
      return this.state;
    }
    const stale = this.staleWhileHidden;
    this.staleWhileHidden = false;
    if (!this.hotplug || this.state.status === 'awaiting-confirmation') return this.state;
    if (!this.link.present && !stale) return this.state;
    return this.refresh().catch(() => this.state);
  }

  /** Whether the window is hidden and the watch paused (see `setVisible`). */
  get paused(): boolean {
    return this.hidden;
  }

  private watch(): Promise<DeviceState> | null {
    if (this.hidden) return null;
    // A review on screen is the user's; a job in the queue will tell the state anyway.
    if (this.state.status === 'awaiting-confirmation' || !this.link.present || this.queue.length > 0) return null;
    return this.job('check the device', this.commandTimeoutMs, async () => {
      try {
        return await this.probeAfresh();
      } finally {
        // Hold the device only for the probe, so other applications can use it between checks.
        if (this.queue.length <= 1) this.link.release();
      }
    });
  }

  private recheckQueued = false;

  /** Releases the handle and asks the device again, once, after the jobs already queued. */
  private recheck(): void {
    if (this.recheckQueued) return;
    this.recheckQueued = true;
    this.job('check the device', this.commandTimeoutMs, () => {
      this.recheckQueued = false;
      this.link.release();
      if (!this.link.present) {
        this.setState({ status: 'disconnected' });
        return Promise.resolve(this.state);
      }
      return this.probeAfresh();
    }).catch(() => undefined);
  }

  /** Stops watching USB, fails the jobs that have not started and releases the device. */
  async stop(): Promise<void> {
    this.hotplug?.unsubscribe();
    this.hotplug = null;
    this.watcher.stop();
    this.queue.failWaiting(() => new AppError(SERVICE_STOPPED));
    this.link.close();
    this.setState({ status: 'disconnected' });
  }

  getState(): DeviceState {
    return this.state;
  }

  /** Calls `listener` with the current state now and with every change. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => void this.listeners.delete(listener);
  }

  private setState(next: DeviceState): void {
    if (JSON.stringify(next) === JSON.stringify(this.state)) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener(next);
  }

  /** True while a USB handle is open (false once released when idle). */
  get holdsDevice(): boolean {
    return this.link.open;
  }

  // ---- public operations (each one a queued job) ---------------------------------------------------

  /** Asks the device which app is open (and, in Ethereum, its version and blind signing setting). */
  refresh(): Promise<DeviceState> {
    const asked = this.job('refresh', this.commandTimeoutMs, async () => {
      if (!this.link.present) {
        this.setState({ status: 'disconnected' });
        return this.state;
      }
      return this.probeAfresh();
    });
    // What the user's "Check again" finds sets the watch's pace too.
    asked.then(
      () => this.watcher.settled(null, true),
      (err: unknown) => this.watcher.settled(err, true),
    );
    return asked;
  }

  /** Opens the Ethereum app, quitting another app first; the user confirms on the device. */
  openEthereumApp(): Promise<DeviceState> {
    return this.job('open the Ethereum app', this.confirmTimeoutMs, (signal) => this.ensureEthereum(signal, true).then(() => this.state));
  }

  /** Addresses `start … start+count-1` of a derivation scheme, read silently. */
  discoverAccounts(params: { scheme: DerivationScheme; start?: number; count?: number }): Promise<DeviceAccount[]> {
    let range: accounts.AccountRange;
    try {
      range = accounts.accountRange(params);
    } catch (err) {
      return Promise.reject(err);
    }
    return this.job('read accounts', this.commandTimeoutMs + range.count * 1_000, (signal) =>
      accounts.discoverAccounts(this.access(signal), range),
    );
  }

  /** Shows the address of `path` on the device for the user to compare and approve. */
  verifyAddress(path: string, expectedAddress?: string): Promise<string> {
    return this.job('verify an address', this.confirmTimeoutMs, (signal) => accounts.verifyAddress(this.access(signal), path, expectedAddress));
  }

  /** See `signing.signTransaction`: the device reviews it, the signature is checked before it is returned. */
  signTransaction(path: string, request: DeviceTransactionRequest, options: signing.SignOptions = {}): Promise<SignedTransaction> {
    return this.job('sign a transaction', this.confirmTimeoutMs, (signal) =>
      signing.signTransaction(this.access(signal), path, request, {
        ...options,
        ...this.descriptors,
      }),
    );
  }

  /** Signs an EIP-191 personal message: UTF-8 text, or `{ raw: '0x…' }` bytes. */
  signPersonalMessage(path: string, message: string | { raw: string }, options: signing.SignOptions = {}): Promise<SignedMessage> {
    return this.job('sign a message', this.confirmTimeoutMs, (signal) => signing.signPersonalMessage(this.access(signal), path, message, options));
  }

  /** Signs EIP-712 typed data in the app's hashed mode (the caller computes both hashes). */
  signTypedDataHash(
    path: string,
    hashes: { domainHash: string; messageHash: string },
    options: signing.SignOptions = {},
  ): Promise<SignedMessage> {
    return this.job('sign typed data', this.confirmTimeoutMs, (signal) => signing.signTypedDataHash(this.access(signal), path, hashes, options));
  }

  // ---- jobs ------------------------------------------------------------------------------------------

  private job<T>(label: string, timeoutMs: number, body: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return this.queue.enqueue({
      label,
      timeoutMs,
      run: async (signal) => {
        try {
          return await body(signal);
        } catch (err) {
          const error = appErrorFrom(err);
          if (!signal.aborted) this.applyError(error);
          throw error;
        } finally {
          // A job that waited for the buttons and got an answer replaced whatever review was left.
          if (!signal.aborted && timeoutMs === this.confirmTimeoutMs) this.reviewLeft = false;
        }
      },
    });
  }

  private access(signal: AbortSignal): DeviceAccess {
    return {
      ethereum: () => this.ensureEthereum(signal),
      show: (state) => this.setState(state),
      reviewLeftOnScreen: this.reviewLeft,
      signal,
    };
  }

  /** The state a failure leaves the device in, as the user should see it. */
  private applyError(error: AppError): void {
    // A handle that met another application's answers keeps receiving them: drop it.
    if (error.code === 'DEVICE_DISCONNECTED' || error.code === 'DEVICE_IN_USE') this.link.release();
    const next = stateAfterError(error, this.state, this.link.present);
    if (next) this.setState(next);
  }

  // ---- apps ------------------------------------------------------------------------------------------

  /**
   * `probe`, once more on a fresh handle if the one held was lost: after an app switch the device
   * is back on USB but the handle kept from before belongs to its previous enumeration.
   */
  private async probeAfresh(): Promise<DeviceState> {
    try {
      return await this.probe();
    } catch (err) {
      if (appErrorFrom(err).code !== 'DEVICE_DISCONNECTED' || !this.link.present) throw err;
      this.link.release();
      return this.probe();
    }
  }

  /** Asks the device which app is open and publishes the answer as the state. */
  private async probe(): Promise<DeviceState> {
    const state = await readDeviceState(await this.link.connect(), this.state, this.osVersion);
    if (state.status === 'dashboard' && state.osVersion) this.osVersion = state.osVersion;
    this.setState(state);
    return this.state;
  }

  /** Makes sure the Ethereum app is open, opening it when asked to (or configured to). */
  private async ensureEthereum(signal: AbortSignal, open = this.autoOpenEthereum): Promise<Connection & { ready: Ready }> {
    let state = await this.probeAfresh();
    if (state.status !== 'ready') {
      if (!open) throw wrongApp(state);
      this.switchingApp = true;
      try {
        if (state.status === 'wrong-app') {
          await quitApp((await this.link.connect()).transport);
          await this.awaitApp(DASHBOARD_APP, signal);
        }
        this.setState({ status: 'awaiting-confirmation', kind: 'open-app', screens: openAppScreens(ETHEREUM_APP) });
        await openApp((await this.link.connect()).transport, ETHEREUM_APP);
        state = await this.awaitApp(ETHEREUM_APP, signal);
      } finally {
        this.switchingApp = false;
      }
    }
    if (state.status !== 'ready') throw wrongApp(state);
    const connection = await this.link.connect();
    return {
      ...connection,
      ready: { appVersion: state.appVersion, blindSigning: state.blindSigning, ...(state.model ? { model: state.model } : {}) },
    };
  }

  /** After an app opens or quits, the device leaves USB and comes back: reopen until it answers. */
  private async awaitApp(name: string, signal: AbortSignal): Promise<DeviceState> {
    this.link.release();
    const deadline = Date.now() + this.reenumerationTimeoutMs;
    while (!signal.aborted && Date.now() < deadline) {
      await delay(50);
      if (!this.link.present) continue;
      try {
        const state = await this.probe();
        if (openAppName(state) === name) return state;
      } catch {
        // Still re-enumerating: the old handle is dead or the new one is not ready yet.
      }
      this.link.release();
    }
    throw appDidNotReturn(name, name === DASHBOARD_APP);
  }
}
