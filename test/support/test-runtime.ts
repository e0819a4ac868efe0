import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConsoleRuntime, type ConsoleRuntime, type RuntimeOptions } from '../../electron/runtime';
import type { DeviceHost } from '../../electron/runtime/device-host';
import { startEmulatedDevice } from '../../electron/runtime/emulated-device';
import { createEmulatedLedger, emulatorTransportFactory, type EmulatedLedger, type EmulatedLedgerOptions } from '../../electron/demo/ledger';
import { DeviceService } from '../../electron/services/device';
import { FileLogger } from '../../electron/services/log/logger';
import { KeychainSecretStore } from '../../electron/services/secrets/keychain-store';

/** A fresh data folder for one test file, named after it (`vaultdesk-<name>-…` in the system's temporary folder). */
export const testDataDir = (name: string): string => mkdtempSync(path.join(os.tmpdir(), `vaultdesk-${name}-`));

export interface TestRuntime {
  runtime: ConsoleRuntime;
  dataDir: string;
  /** The real keychain, under a service name of the test's own, so that no run sees another's keys. */
  secrets: KeychainSecretStore;
}

/**
 * The console's runtime as the browser shell runs it, without the shell: in `options.dataDir` (or a
 * fresh folder named after the test), the real keychain under the test's own service name, the log
 * in the data folder, the demo's emulated Ledger, and no page ever opened. Each test says how the
 * demo starts (`startSimulation`) and whatever else it changes.
 */
export async function startTestRuntime(
  name: string,
  options: Partial<RuntimeOptions> & Pick<RuntimeOptions, 'startSimulation'>,
): Promise<TestRuntime> {
  const dataDir = options.dataDir ?? testDataDir(name);
  const secrets = new KeychainSecretStore(`Vaultdesk ${name} test ${process.pid}`);
  const runtime = await createConsoleRuntime({
    version: '0.0.0-test',
    shell: 'browser',
    startEmulatedDevice,
    dataDir,
    secrets,
    log: new FileLogger(path.join(dataDir, 'logs', 'vaultdesk.log')),
    openExternal: async () => undefined,
    ...options,
  });
  return { runtime, dataDir, secrets };
}

/**
 * A Ledger on USB, stood in for by the emulator (Ethereum open, blind signing on, unlocked) behind
 * the real device service: a runtime's `startDevice`. `watch` sees the emulator before it is used.
 */
export function usbLedgerStandIn(options: EmulatedLedgerOptions = {}, watch: (emulator: EmulatedLedger) => void = () => undefined) {
  return async (): Promise<DeviceHost> => {
    const emulator = createEmulatedLedger({ app: 'Ethereum', blindSigning: true, locked: false, ...options });
    watch(emulator);
    const service = new DeviceService({ transports: emulatorTransportFactory(emulator) });
    await service.start();
    return { kind: 'hid', service, emulator, stop: () => service.stop() };
  };
}
