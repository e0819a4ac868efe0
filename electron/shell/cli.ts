import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createConsoleRuntime } from '../runtime';
import { startEmulatedDevice } from '../runtime/emulated-device';
import { startEmbeddedSimulation } from '../runtime/embedded-simulation';
import { LEDGER_MODELS, isLedgerModel } from '../../shared/device/models';
import { parseServiceLag, type ServiceLag } from '../demo/indexer';
import { FileLogger } from '../services/log/logger';
import { KeychainSecretStore } from '../services/secrets/keychain-store';
import { dataFolder, logFileIn } from '../services/storage/data-folder';
import { keepServingAfterUncaughtErrors } from './process-guard';
import { startBrowserShell } from './server';

/**
 * `npm run start:browser -- [--port N] [--service URL] [--data-dir DIR] [--offline] [--service-lag snapshots|SECONDS]
 *   [--ledger-model nanoSP|nanoX|stax|flex|apex] [--ledger-app VERSION] [--pace demo|fast]`
 * Starts the console's services and serves the renderer on 127.0.0.1; prints the URL to open
 * (with its launch token) as the first line of standard output. `--service-lag` sets when the
 * demo's service records what its chains did (see "Service lag" in electron/demo/service/README.md).
 * `--ledger-model` and `--ledger-app` make the demo's emulated Ledger that model and Ethereum app
 * version (default a Nano X with the current app), to see its screens.
 * `--pace` sets the demo clock: `demo` (the default) moves its vaults one phase on every 10 minutes,
 * `fast` every second (for tests and quick looks); either can be paused and stepped in the console.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    service: { type: 'string' },
    data: { type: 'string' },
    'data-dir': { type: 'string' },
    offline: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    'service-lag': { type: 'string' },
    'ledger-model': { type: 'string' },
    'ledger-app': { type: 'string' },
    pace: { type: 'string', default: 'demo' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`--port must be a port number (0 picks a free one), not "${values.port}".\n`);
  process.exit(2);
}
let serviceLag: ServiceLag;
try {
  serviceLag = parseServiceLag(values['service-lag']);
} catch (error) {
  process.stderr.write(`${(error as Error).message}.\n`);
  process.exit(2);
}
const ledgerModel = values['ledger-model'];
if (ledgerModel !== undefined && !isLedgerModel(ledgerModel)) {
  process.stderr.write(`--ledger-model must be one of ${Object.keys(LEDGER_MODELS).join(', ')}, not "${ledgerModel}".\n`);
  process.exit(2);
}
const ledgerApp = values['ledger-app'];
if (ledgerApp !== undefined && !/^\d+\.\d+\.\d+$/.test(ledgerApp)) {
  process.stderr.write(`--ledger-app must be an Ethereum app version such as 1.19.3, not "${ledgerApp}".\n`);
  process.exit(2);
}
const pace = values.pace;
if (pace !== 'demo' && pace !== 'fast') {
  process.stderr.write(`--pace must be demo or fast, not "${pace}".\n`);
  process.exit(2);
}
const rendererDir = path.join(root, 'out', 'shell-renderer');
if (!existsSync(path.join(rendererDir, 'index.html'))) {
  process.stderr.write('The browser renderer is not built. Run `npm run start:browser`, which builds it first.\n');
  process.exit(2);
}

// `--data` is this command's older spelling of `--data-dir`, kept for the scripts that use it.
const dataDir = dataFolder(values['data-dir'] ?? values.data);
const log = new FileLogger(logFileIn(dataDir));
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };

// The shell also runs the simulation and any signing under way: an error nobody caught is logged
// and the shell keeps serving, rather than every open run stopping with it.
keepServingAfterUncaughtErrors(log);

const runtime = await createConsoleRuntime({
  version,
  shell: 'browser',
  dataDir,
  secrets: new KeychainSecretStore(),
  log,
  startSimulation: () => startEmbeddedSimulation({ serviceLag, pace }),
  // `--ledger-model` / `--ledger-app`: which Ledger the demo emulates.
  startEmulatedDevice: (emulate) => startEmulatedDevice({ ...emulate, ...(ledgerModel ? { model: ledgerModel } : {}), ...(ledgerApp ? { appVersion: ledgerApp } : {}) }),
  // The shell has no OS browser integration to rely on; it prints the link instead of opening it.
  openExternal: async (url) => {
    process.stdout.write(`open: ${url}\n`);
  },
  ...(values.service ? { serviceUrlOverride: values.service } : {}),
  ...(values.offline ? { offline: true } : {}),
});
const shell = await startBrowserShell({ runtime, rendererDir, port, log });
const info = await runtime.handlers.app.info({}, { transport: 'browser' });

if (values.json) {
  process.stdout.write(`${JSON.stringify({ url: shell.launchUrl, mode: info.mode, dataDir })}\n`);
} else {
  process.stdout.write(`Vaultdesk console (${info.mode === 'demo' ? 'DEMO: embedded simulation' : info.mode}): ${shell.launchUrl}\n`);
  process.stdout.write(`Data folder: ${dataDir}\nPress Ctrl+C to stop.\n`);
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await shell.close();
  await runtime.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
