/**
 * The Ledger device service: one transport at a time, one FIFO queue of jobs with a time limit
 * each, hot-plug, reopening after a disconnect or an app switch, releasing the device when idle so
 * other applications can use it, and the device's state pushed to subscribers.
 *
 * Plain Node (never imports `electron`): in the app it runs inside a utility process and is driven
 * by messages, so its API is async methods plus one state subscription, all JSON-serializable.
 */
import {
  concat,
  isAddressEqual,
  keccak256,
  recoverAddress,
  recoverMessageAddress,
  recoverTransactionAddress,
  serializeTransaction,
  type Hex,
  type TransactionSerializable,
} from 'viem';
import { AppError, type AppErrorData } from '../../../shared/errors';
import { BLIND_SIGNING_OFF, describeDeviceError } from '../../../shared/device/errors';
import { derivationPath, parseBip32Path, type DerivationScheme } from '../../../shared/device/paths';
import { addressScreens, openAppScreens, personalMessageScreens, typedDataHashScreens } from '../../../shared/device/screens';
import type { DeviceAccount, DeviceState, DeviceTransactionRequest, SignedMessage, SignedTransaction } from '../../../shared/device/state';
import { DASHBOARD_APP, ETHEREUM_APP, getAppAndVersion, openApp, quitApp } from './app-info';
import { JobQueue } from './job-queue';
import { createOfflineEthApp, type EthApp } from './ledgerhq';
import { delay } from './timeout';
import { expectedScreens, hasCalldata, signingHash, toViemTransaction } from './transaction';
import type { DeviceTransport, TransportFactory } from './transport-port';

export interface DeviceServiceOptions {
  transports: TransportFactory;
  /** Limit for jobs that wait for the user's buttons (default 3 min). */
  confirmTimeoutMs?: number;
  /** Limit for jobs that do not (default 20 s). */
  commandTimeoutMs?: number;
  /** Limit for opening the USB handle (default 5 s). */
  openTimeoutMs?: number;
  /** Close the handle after this long without jobs, so other apps can use the device (default 5 s). */
  idleReleaseMs?: number;
  /** How long the device may stay away from USB while an app opens or quits (default 15 s). */
  reenumerationTimeoutMs?: number;
  /** Open the Ethereum app (the user confirms on the device) when a job finds it closed (default false). */
  autoOpenEthereum?: boolean;
  /**
   * While the device waits for the user (locked, on the dashboard, in another app, after a
   * rejection or an error), ask it again this often, so unlocking or opening the app on the device
   * shows up without a click. 0 turns it off (default); the host enables it while a device view is
   * open, since each check holds the device for a moment.
   */
  watchIntervalMs?: number;
}

export const SERVICE_STOPPED: AppErrorData = {
  code: 'DEVICE_SERVICE_STOPPED',
  message: 'The Ledger service stopped before the request ran; nothing was signed.',
  action: 'Try again. If it keeps happening, unplug the Ledger and plug it in again.',
};

type Listener = (state: DeviceState) => void;

interface Connection {
  transport: DeviceTransport;
  eth: EthApp;
}

interface Ready {
  appVersion: string;
  blindSigning: boolean;
}

function appErrorFrom(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return new AppError(describeDeviceError(err), { cause: err });
}

function wrongApp(state: DeviceState): AppError {
  if (state.status === 'dashboard') {
    return new AppError({
      code: 'DEVICE_WRONG_APP',
      message: 'No app is open on the Ledger: it is on its dashboard.',
      action: 'Open the Ethereum app on the device (or choose "Open Ethereum" in Vaultdesk), then try again.',
    });
  }
  if (state.status === 'wrong-app') {
    return new AppError({
      code: 'DEVICE_WRONG_APP',
      message: `The ${state.appName} app is open on the Ledger, not Ethereum.`,
      action: 'Quit it and open the Ethereum app on the device (or choose "Open Ethereum" in Vaultdesk), then try again.',
    });
  }
  return new AppError(describeDeviceError({ name: 'TransportStatusError', statusCode: 0x6e00 }));
}

export class DeviceService {
  private readonly transports: TransportFactory;
  private readonly confirmTimeoutMs: number;
  private readonly commandTimeoutMs: number;
  private readonly openTimeoutMs: number;
  private readonly idleReleaseMs: number;
  private readonly reenumerationTimeoutMs: number;
  private readonly autoOpenEthereum: boolean;
  private readonly watchIntervalMs: number;
  private watchTimer: ReturnType<typeof setInterval> | null = null;

  private state: DeviceState = { status: 'disconnected' };
  private readonly listeners = new Set<Listener>();
  private readonly queue: JobQueue;
  private hotplug: { unsubscribe(): void } | null = null;
  /** The device USB reported present (its HID path changes at every re-enumeration). */
  private descriptor: string | null = null;
  private connection: Connection | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Set while a job opens or quits an app: the USB remove/add that follows is expected. */
  private switchingApp = false;

  constructor(options: DeviceServiceOptions) {
    this.transports = options.transports;
    this.confirmTimeoutMs = options.confirmTimeoutMs ?? 180_000;
    this.commandTimeoutMs = options.commandTimeoutMs ?? 20_000;
    this.openTimeoutMs = options.openTimeoutMs ?? 5_000;
    this.idleReleaseMs = options.idleReleaseMs ?? 5_000;
    this.reenumerationTimeoutMs = options.reenumerationTimeoutMs ?? 15_000;
    this.autoOpenEthereum = options.autoOpenEthereum ?? false;
    this.watchIntervalMs = options.watchIntervalMs ?? 0;
    this.queue = new JobQueue({
      onBusy: () => this.cancelIdleRelease(),
      onIdle: () => this.scheduleIdleRelease(),
      // An abandoned exchange may still be waiting on the device: drop its handle so the next job
      // starts on a fresh one instead of tripping over the old one's lock.
      onTimeout: (_label, error) => {
        this.releaseTransport();
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
    this.hotplug = this.transports.listen({
      add: (descriptor) => {
        this.descriptor = descriptor;
        for (const waiter of this.plugWaiters.splice(0)) waiter();
        if (!this.switchingApp) this.refresh().catch(() => undefined);
      },
      remove: (descriptor) => {
        if (this.descriptor !== null && descriptor !== this.descriptor) return;
        this.descriptor = null;
        this.releaseTransport();
        if (!this.switchingApp) this.setState({ status: 'disconnected' });
      },
      error: (err) => this.setState({ status: 'error', error: describeDeviceError(err) }),
    });
    if (this.watchIntervalMs > 0) {
      this.watchTimer = setInterval(() => this.watch(), this.watchIntervalMs);
      this.watchTimer.unref?.();
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  private watch(): void {
    const waitingForUser = ['locked', 'dashboard', 'wrong-app', 'rejected', 'error'].includes(this.state.status);
    if (!waitingForUser || this.descriptor === null || this.queue.length > 0) return;
    this.refresh().catch(() => undefined);
  }

  private readonly plugWaiters: (() => void)[] = [];

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

  /** Stops watching USB, fails the jobs that have not started and releases the device. */
  async stop(): Promise<void> {
    this.hotplug?.unsubscribe();
    this.hotplug = null;
    if (this.watchTimer) clearInterval(this.watchTimer);
    this.watchTimer = null;
    this.queue.failWaiting(() => new AppError(SERVICE_STOPPED));
    this.cancelIdleRelease();
    this.releaseTransport();
    this.descriptor = null;
    for (const waiter of this.plugWaiters.splice(0)) waiter();
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

  // ---- public operations (each one a queued job) ---------------------------------------------------

  /** Asks the device which app is open (and, in Ethereum, its version and blind signing setting). */
  refresh(): Promise<DeviceState> {
    return this.job('refresh', this.commandTimeoutMs, async () => {
      if (this.descriptor === null) {
        this.setState({ status: 'disconnected' });
        return this.state;
      }
      return this.probe();
    });
  }

  /** Opens the Ethereum app, quitting another app first; the user confirms on the device. */
  openEthereumApp(): Promise<DeviceState> {
    return this.job('open the Ethereum app', this.confirmTimeoutMs, (signal) => this.ensureEthereum(signal, true).then(() => this.state));
  }

  /** Addresses `start … start+count-1` of a derivation scheme, read silently. */
  discoverAccounts(params: { scheme: DerivationScheme; start?: number; count?: number }): Promise<DeviceAccount[]> {
    const start = params.start ?? 0;
    const count = params.count ?? 5;
    if (!Number.isInteger(count) || count < 1 || count > 100 || !Number.isInteger(start) || start < 0) {
      return Promise.reject(
        new AppError({
          code: 'DEVICE_INVALID_REQUEST',
          message: `Read 1 to 100 accounts at a time, from index 0 up (asked for ${count} from ${start}).`,
          action: 'Ask for fewer accounts.',
        }),
      );
    }
    return this.job('read accounts', this.commandTimeoutMs + count * 1_000, async (signal) => {
      const { eth } = await this.ensureEthereum(signal);
      const accounts: DeviceAccount[] = [];
      for (let index = start; index < start + count && !signal.aborted; index++) {
        const path = derivationPath(params.scheme, index);
        const { address } = await eth.getAddress(path, false, false);
        accounts.push({ index, path, address });
      }
      return accounts;
    });
  }

  /** Shows the address of `path` on the device for the user to compare and approve. */
  verifyAddress(path: string, expectedAddress?: string): Promise<string> {
    return this.job('verify an address', this.confirmTimeoutMs, async (signal) => {
      checkPath(path);
      const { eth, ready } = await this.ensureEthereum(signal);
      const silent = await eth.getAddress(path, false, false);
      this.checkExpected(path, silent.address, expectedAddress);
      this.setState({ status: 'awaiting-confirmation', kind: 'verify-address', screens: addressScreens(silent.address) });
      const shown = await eth.getAddress(path, true, false);
      if (!isAddressEqual(shown.address as Hex, silent.address as Hex)) {
        throw new AppError({
          code: 'DEVICE_ADDRESS_MISMATCH',
          message: 'The device showed a different address than it reported.',
          action: 'Do not use this account; contact support.',
        });
      }
      this.setState({ status: 'ready', ...ready, address: shown.address });
      return shown.address;
    });
  }

  /**
   * Signs a transaction with the account at `path`. The device shows the review of
   * `expectedScreens`; the signature is checked by recovering the account's address before the
   * signed transaction is returned.
   */
  signTransaction(path: string, request: DeviceTransactionRequest, options: { expectedAddress?: string } = {}): Promise<SignedTransaction> {
    return this.job('sign a transaction', this.confirmTimeoutMs, async (signal) => {
      checkPath(path);
      const tx = toViemTransaction(request);
      const { eth, ready } = await this.ensureEthereum(signal);
      const { address } = await eth.getAddress(path, false, false);
      this.checkExpected(path, address, options.expectedAddress);
      let blindSigning = ready.blindSigning;
      if (hasCalldata(tx)) {
        // Read it now, not from the last probe: the user may have changed it on the device since.
        blindSigning = (await eth.getAppConfiguration()).arbitraryDataEnabled === 1;
        if (!blindSigning) {
          this.setState({ status: 'ready', appVersion: ready.appVersion, blindSigning: false, address });
          throw new AppError({ ...BLIND_SIGNING_OFF });
        }
      }
      const unsigned = serializeTransaction(tx);
      this.setState({ status: 'awaiting-confirmation', kind: 'sign-transaction', screens: expectedScreens(tx) });
      // Without "0x" (with it hw-app-eth silently sends an empty buffer); `null`: no resolution
      // lookups. A 0x6A80 here comes back as EthAppPleaseEnableContractData (blind signing off).
      const sig = await eth.signTransaction(path, unsigned.slice(2), null);
      const signed = assembleSignedTransaction(tx, sig);
      const recovered = await recoverTransactionAddress({ serializedTransaction: signed.serialized as never }).catch(() => null);
      if (!recovered || !isAddressEqual(recovered, address as Hex)) throw signatureMismatch(path, address, recovered);
      this.setState({ status: 'ready', appVersion: ready.appVersion, blindSigning, address });
      return { ...signed, signingHash: signingHash(tx), from: address };
    });
  }

  /** Signs an EIP-191 personal message: UTF-8 text, or `{ raw: '0x…' }` bytes. */
  signPersonalMessage(path: string, message: string | { raw: string }, options: { expectedAddress?: string } = {}): Promise<SignedMessage> {
    return this.job('sign a message', this.confirmTimeoutMs, async (signal) => {
      checkPath(path);
      const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : hexBytes(message.raw);
      const { eth, ready } = await this.ensureEthereum(signal);
      const { address } = await eth.getAddress(path, false, false);
      this.checkExpected(path, address, options.expectedAddress);
      this.setState({ status: 'awaiting-confirmation', kind: 'sign-message', screens: personalMessageScreens(bytes) });
      const sig = await eth.signPersonalMessage(path, Buffer.from(bytes).toString('hex'));
      const signature = `0x${sig.r}${sig.s}${sig.v.toString(16).padStart(2, '0')}` as Hex;
      const recovered = await recoverMessageAddress({ message: { raw: bytes }, signature }).catch(() => null);
      if (!recovered || !isAddressEqual(recovered, address as Hex)) throw signatureMismatch(path, address, recovered);
      this.setState({ status: 'ready', ...ready, address });
      return { signature, address };
    });
  }

  /**
   * Signs EIP-712 typed data in the app's hashed mode: the caller computes the domain separator and
   * `hashStruct(message)`; the device shows both hashes.
   */
  signTypedDataHash(
    path: string,
    hashes: { domainHash: string; messageHash: string },
    options: { expectedAddress?: string } = {},
  ): Promise<SignedMessage> {
    return this.job('sign typed data', this.confirmTimeoutMs, async (signal) => {
      checkPath(path);
      const domain = hexBytes(hashes.domainHash);
      const message = hexBytes(hashes.messageHash);
      if (domain.length !== 32 || message.length !== 32) {
        throw new AppError({
          code: 'DEVICE_INVALID_REQUEST',
          message: 'EIP-712 hashes must be 32 bytes each.',
          action: 'Rebuild the typed data and try again.',
        });
      }
      const { eth, ready } = await this.ensureEthereum(signal);
      const { address } = await eth.getAddress(path, false, false);
      this.checkExpected(path, address, options.expectedAddress);
      this.setState({
        status: 'awaiting-confirmation',
        kind: 'sign-typed-data',
        screens: typedDataHashScreens(hashes.domainHash, hashes.messageHash),
      });
      const sig = await eth.signEIP712HashedMessage(path, hashes.domainHash.slice(2), hashes.messageHash.slice(2));
      const digest = keccak256(concat([new Uint8Array([0x19, 0x01]), domain, message]));
      const signature = `0x${sig.r}${sig.s}${sig.v.toString(16).padStart(2, '0')}` as Hex;
      const recovered = await recoverAddress({ hash: digest, signature }).catch(() => null);
      if (!recovered || !isAddressEqual(recovered, address as Hex)) throw signatureMismatch(path, address, recovered);
      this.setState({ status: 'ready', ...ready, address });
      return { signature, address };
    });
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
        }
      },
    });
  }

  /** The state a failure leaves the device in, as the user should see it. */
  private applyError(error: AppError): void {
    // The caller's mistakes say nothing about the device, unless a review was left on screen.
    const aboutRequest = error.code === 'DEVICE_INVALID_REQUEST' || error.code === 'DEVICE_ADDRESS_MISMATCH';
    if (aboutRequest && this.state.status !== 'awaiting-confirmation') return;
    switch (error.code) {
      case 'DEVICE_LOCKED':
        this.setState({ status: 'locked' });
        return;
      case 'DEVICE_REJECTED':
      case 'DEVICE_OPEN_APP_REFUSED':
        this.setState({ status: 'rejected', message: error.message });
        return;
      case 'DEVICE_WRONG_APP':
        // The probe already set dashboard / wrong-app when it could tell which.
        if (this.state.status === 'dashboard' || this.state.status === 'wrong-app') return;
        break;
      case 'DEVICE_DISCONNECTED':
        this.releaseTransport();
        if (this.descriptor === null) {
          this.setState({ status: 'disconnected' });
          return;
        }
        break;
      case 'DEVICE_NOT_FOUND':
        this.setState({ status: 'disconnected' });
        return;
      case 'DEVICE_TIMEOUT':
        // The queue gave up on the job; whatever the device shows is no longer awaited.
        break;
    }
    this.setState({ status: 'error', error: error.toData() });
  }

  // ---- connection ----------------------------------------------------------------------------------

  private async connect(): Promise<Connection> {
    if (this.connection) return this.connection;
    // A job asked for right after plugging in (or starting) may precede the USB "add" event.
    if (!(await this.waitForDevice(this.openTimeoutMs))) {
      throw new AppError({
        code: 'DEVICE_NOT_FOUND',
        message: 'No Ledger is connected.',
        action: 'Plug the Ledger in with a data cable and unlock it.',
      });
    }
    const transport = await this.transports.open(this.descriptor!, this.openTimeoutMs);
    const connection: Connection = { transport, eth: createOfflineEthApp(transport) };
    // "disconnect" only fires when a read or write fails; USB remove events cover the rest.
    transport.on('disconnect', () => {
      if (this.connection === connection) this.connection = null;
    });
    this.connection = connection;
    return connection;
  }

  private releaseTransport(): void {
    const connection = this.connection;
    this.connection = null;
    if (connection) connection.transport.close().catch(() => undefined);
  }

  private scheduleIdleRelease(): void {
    this.cancelIdleRelease();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.queue.busy) this.releaseTransport();
    }, this.idleReleaseMs);
    this.idleTimer.unref?.();
  }

  private cancelIdleRelease(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /** True while a USB handle is open (false once released when idle). */
  get holdsDevice(): boolean {
    return this.connection !== null;
  }

  // ---- apps ------------------------------------------------------------------------------------------

  /** Asks the device which app is open and publishes the answer as the state. */
  private async probe(): Promise<DeviceState> {
    const { transport, eth } = await this.connect();
    const app = await getAppAndVersion(transport);
    if (app.name === DASHBOARD_APP) {
      this.setState({ status: 'dashboard', osVersion: app.version });
    } else if (app.name !== ETHEREUM_APP) {
      this.setState({ status: 'wrong-app', appName: app.name });
    } else {
      const config = await eth.getAppConfiguration();
      const address = this.state.status === 'ready' ? this.state.address : undefined;
      this.setState({
        status: 'ready',
        appVersion: config.version,
        blindSigning: config.arbitraryDataEnabled === 1,
        ...(address ? { address } : {}),
      });
    }
    return this.state;
  }

  /** Makes sure the Ethereum app is open, opening it when asked to (or configured to). */
  private async ensureEthereum(signal: AbortSignal, open = this.autoOpenEthereum): Promise<Connection & { ready: Ready }> {
    let state = await this.probe();
    if (state.status !== 'ready') {
      if (!open) throw wrongApp(state);
      this.switchingApp = true;
      try {
        if (state.status === 'wrong-app') {
          await quitApp((await this.connect()).transport);
          await this.awaitApp(DASHBOARD_APP, signal);
        }
        this.setState({ status: 'awaiting-confirmation', kind: 'open-app', screens: openAppScreens(ETHEREUM_APP) });
        await openApp((await this.connect()).transport, ETHEREUM_APP);
        state = await this.awaitApp(ETHEREUM_APP, signal);
      } finally {
        this.switchingApp = false;
      }
    }
    if (state.status !== 'ready') throw wrongApp(state);
    const connection = await this.connect();
    return { ...connection, ready: { appVersion: state.appVersion, blindSigning: state.blindSigning } };
  }

  /** After an app opens or quits, the device leaves USB and comes back: reopen until it answers. */
  private async awaitApp(name: string, signal: AbortSignal): Promise<DeviceState> {
    this.releaseTransport();
    const deadline = Date.now() + this.reenumerationTimeoutMs;
    while (!signal.aborted && Date.now() < deadline) {
      await delay(50);
      if (this.descriptor === null) continue;
      try {
        const state = await this.probe();
        const current =
          state.status === 'dashboard'
            ? DASHBOARD_APP
            : state.status === 'wrong-app'
              ? state.appName
              : state.status === 'ready'
                ? ETHEREUM_APP
                : null;
        if (current === name) return state;
      } catch {
        // Still re-enumerating: the old handle is dead or the new one is not ready yet.
      }
      this.releaseTransport();
    }
    throw new AppError({
      code: 'DEVICE_TIMEOUT',
      message: `The Ledger did not come back after ${name === DASHBOARD_APP ? 'quitting the app' : `opening ${name}`}.`,
      action: 'Unplug the Ledger, plug it in again, open the Ethereum app and retry.',
    });
  }

  private checkExpected(path: string, actual: string, expected: string | undefined): void {
    if (expected === undefined || isAddressEqual(expected as Hex, actual as Hex)) return;
    throw new AppError({
      code: 'DEVICE_ADDRESS_MISMATCH',
      message: `This Ledger's account at ${path} is ${actual}, not ${expected}.`,
      action: "Connect the Ledger that holds this wallet, or check the wallet's derivation path.",
      details: { path, expected, actual },
    });
  }
}

/** A path the device would refuse (or hw-app-eth would silently mangle) is the caller's mistake. */
function checkPath(path: string): void {
  try {
    parseBip32Path(path);
  } catch (err) {
    throw new AppError({
      code: 'DEVICE_INVALID_REQUEST',
      message: err instanceof Error ? err.message : `Invalid derivation path "${path}"`,
      action: "Use a path like 44'/60'/0'/0/0.",
    });
  }
}

function hexBytes(hex: string): Uint8Array {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) {
    throw new AppError({
      code: 'DEVICE_INVALID_REQUEST',
      message: 'The message bytes are not 0x-hex.',
      action: 'Rebuild the message and try again.',
    });
  }
  return Buffer.from(hex.slice(2), 'hex');
}

function signatureMismatch(path: string, expected: string, recovered: string | null): AppError {
  return new AppError({
    code: 'DEVICE_SIGNATURE_MISMATCH',
    message: `The signature from the Ledger does not match its account at ${path}; it was discarded.`,
    action: 'Nothing was broadcast. Unplug the Ledger, plug it in again and retry; if it persists, do not use this device.',
    details: { path, expected, recovered: recovered ?? 'no valid signature' },
  });
}

/** Rebuilds the signed transaction from hw-app-eth's `{v, r, s}` (v in hex, already EIP-155 for legacy). */
function assembleSignedTransaction(
  tx: TransactionSerializable,
  sig: { v: string; r: string; s: string },
): Pick<SignedTransaction, 'serialized' | 'hash' | 'r' | 's' | 'v' | 'yParity'> {
  const r = `0x${sig.r.padStart(64, '0')}` as Hex;
  const s = `0x${sig.s.padStart(64, '0')}` as Hex;
  const vRaw = BigInt(`0x${sig.v}`);
  let yParity: number;
  let v: bigint;
  if (tx.type === 'legacy') {
    const base = BigInt(tx.chainId ?? 0) * 2n + 35n;
    yParity = Number(tx.chainId ? vRaw - base : vRaw - 27n);
    v = vRaw;
  } else {
    yParity = Number(vRaw);
    v = vRaw;
  }
  if (yParity !== 0 && yParity !== 1) {
    throw new AppError({
      code: 'DEVICE_SIGNATURE_MISMATCH',
      message: `The Ledger returned an invalid signature (v = ${v}).`,
      action: 'Nothing was broadcast. Retry; if it persists, update the Ethereum app.',
    });
  }
  const serialized = tx.type === 'legacy' ? serializeTransaction(tx, { r, s, v }) : serializeTransaction(tx, { r, s, yParity });
  return { serialized, hash: keccak256(serialized), r, s, v: v.toString(), yParity };
}
