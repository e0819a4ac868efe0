import path from 'node:path';
import { app, BrowserWindow, ipcMain, net, Notification, protocol, session, shell, utilityProcess } from 'electron';
import { RemoteDevice, type DeviceChannel } from '../services/device';
import { startEmulatedDevice } from '../runtime/emulated-device';
import { bundledContracts } from '../runtime/bundled-contracts';
import { KeychainSecretStore } from '../services/secrets/keychain-store';
import { FileLogger } from '../services/log/logger';
import { createConsoleRuntime, type ConsoleRuntime } from '../runtime';
import { startEmbeddedSimulation } from '../runtime/embedded-simulation';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { hardenSession, hardenWebContents } from './hardening';
import { bindIpc, sendEvent } from './ipc';
import { APP_ENTRY_URL } from './app-origin';
import { createMainWindow } from './window';
import { parseConsoleArgs } from './args';
import { dataFolder, logFileIn } from '../services/storage/data-folder';

/**
 * Electron glue only: lifecycle, the window, the app:// protocol and the IPC binding. Everything
 * the console does lives in the runtime, which the browser shell shares.
 */
registerAppScheme(protocol);
app.enableSandbox();

const args = parseConsoleArgs(process.argv.slice(1));
let runtime: ConsoleRuntime | null = null;

if (!app.requestSingleInstanceLock()) {
  // A second instance would fight the first over the keychain entry, the journals and the Ledger.
  app.quit();
} else {
  app.on('second-instance', () => {
    const [win] = BrowserWindow.getAllWindows();
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => {
    void runtime?.close();
  });
  void app.whenReady().then(start);
}

const bundledArtifacts = bundledContracts(__dirname);

async function start(): Promise<void> {
  const dataDir = dataFolder(args.dataDir, () => app.getPath('userData'));
  const log = new FileLogger(logFileIn(dataDir));
  hardenSession(session.defaultSession);
  handleAppProtocol(protocol, (url) => net.fetch(url), path.join(__dirname, '../renderer'));

  runtime = await createConsoleRuntime({
    version: app.getVersion(),
    shell: 'electron',
    dataDir,
    secrets: new KeychainSecretStore(),
    log,
    // The packaged app has no Solidity sources or compiler: the demo deploys the prebuilt contracts.
    startSimulation: () => startEmbeddedSimulation(bundledArtifacts ? { artifacts: bundledArtifacts } : {}),
    startEmulatedDevice,
    openExternal: (url) => shell.openExternal(url, { activate: true }),
    notify: (title, body) => {
      if (!Notification.isSupported()) return false;
      new Notification({ title, body }).show();
      return true;
    },
    ...(args.service ? { serviceUrlOverride: args.service } : {}),
    ...(args.offline ? { offline: true } : {}),
    // The real Ledger is driven from a utility process; the demo's emulated one stays in-process.
    startDevice: async (kind, emulate) => {
      if (kind === 'emulated') return startEmulatedDevice(emulate);
      const service = new RemoteDevice(() => forkDeviceHost(log));
      await service.start();
      return { kind, service, desk: service, emulator: null, stop: () => service.stop() };
    },
  });
  bindIpc(ipcMain, runtime.handlers, log);

  const win = createMainWindow(path.join(__dirname, '../preload/index.cjs'));
  runtime.onEvent((name, payload) => sendEvent(win.webContents, name, payload));
  win.once('ready-to-show', () => win.show());
  await win.loadURL(APP_ENTRY_URL);
}

function forkDeviceHost(log: FileLogger): DeviceChannel {
  const child = utilityProcess.fork(path.join(__dirname, 'device-process.cjs'), [], { serviceName: 'Vaultdesk Ledger' });
  let exited = false;
  const exitListeners: Array<(reason: string) => void> = [];
  child.on('exit', (code) => {
    exited = true;
    log.warn('device process exited', { code });
    for (const l of exitListeners) l(`exit code ${code}`);
  });
  return {
    post: (message) => {
      if (!exited) child.postMessage(message);
    },
    onMessage: (listener) => child.on('message', (message) => listener(message as never)),
    onExit: (listener) => exitListeners.push(listener),
    kill: () => {
      if (!exited) child.kill();
    },
  };
}
