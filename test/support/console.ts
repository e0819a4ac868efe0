import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConsoleRuntime, type ConsoleRuntime, type RuntimeOptions } from '../../electron/runtime';
import { startEmbeddedSimulation } from '../../electron/runtime/embedded-simulation';
import { startEmulatedDevice } from '../../electron/runtime/emulated-device';
import type { EmbeddedSimulation } from '../../electron/runtime/service-connection';
import { startSimService } from '../../electron/demo/service';
import { FileLogger } from '../../electron/services/log/logger';
import { createServiceClient, type ServiceClient } from '../../electron/services/service-client';
import { KeychainSecretStore } from '../../electron/services/secrets/keychain-store';
import { startBrowserShell, type BrowserShell } from '../../electron/shell/server';
import type { PositionRecords, PositionRecordsProgressEvent } from '../../shared/positions/schemas';
import { withRowsSentAhead } from '../../shared/positions/rows-sent-ahead';
import { SHELL_RENDERER_DIR } from './paths';


/**
 * A demo world with the simulated service only (no chains, no lenders): for screens that need the
 * catalog but not the chain, it starts in milliseconds instead of seconds.
 */
export async function serviceOnlySimulation(): Promise<EmbeddedSimulation> {
  const service = await startSimService({ port: 0, seed: 1 });
  return { url: service.url, apiKey: service.apiKey, wallets: [], localChains: [], close: () => service.close() };
}

export interface TestConsole {
  runtime: ConsoleRuntime;
  shell: BrowserShell;
  dataDir: string;
  logFile: string;
  /** Every frame the shell sent to the browser, in order. */
  framesSent: string[];
  opened: string[];
  /** The embedded simulation's key (demo mode), to read the simulated service directly as ground truth. */
  simulationKey(): string;
  /** The embedded simulation once started. */
  simulation(): EmbeddedSimulation | null;
  /** A client of its own on the simulated service, once started: the ground truth the page is compared with. */
  service(): ServiceClient;
  /**
   * The position records of a batch as the renderer ends up holding them: the runtime sends the
   * rows of vaults it fetched ahead as progress events and leaves them out of the answer, so the
   * answer alone holds more or fewer rows depending on what was cached.
   */
  positionRecords(groupId: string | null): Promise<PositionRecords>;
  close(): Promise<void>;
}

/**
 * The console as a user runs it with `npm run start:browser`: the real runtime (real keychain,
 * real simulated service over HTTP) behind the real browser shell, with a fresh data folder.
 */
export async function startTestConsole(overrides: Partial<RuntimeOptions> = {}): Promise<TestConsole> {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-data-'));
  const logFile = path.join(dataDir, 'logs', 'vaultdesk.log');
  const log = new FileLogger(logFile);
  const opened: string[] = [];
  let simKey = '';
  let started: EmbeddedSimulation | null = null;
  const runtime = await createConsoleRuntime({
    version: '0.0.0-test',
    shell: 'browser',
    dataDir,
    secrets: new KeychainSecretStore(),
    log,
    openExternal: async (url) => {
      opened.push(url);
    },
    ...overrides,
    startEmulatedDevice: overrides.startEmulatedDevice ?? startEmulatedDevice,
    startSimulation: async () => {
      const sim = await (overrides.startSimulation ?? (() => startEmbeddedSimulation()))();
      simKey = sim.apiKey;
      started = sim;
      return sim;
    },
  });
  const framesSent: string[] = [];
  const shell = await startBrowserShell({ runtime, rendererDir: SHELL_RENDERER_DIR, log, onFrameSent: (f) => framesSent.push(f) });
  return {
    runtime,
    shell,
    dataDir,
    logFile,
    framesSent,
    opened,
    simulationKey: () => simKey,
    simulation: () => started,
    service() {
      const sim = started;
      if (!sim) throw new Error('the simulation has not started yet');
      return createServiceClient({ baseUrl: sim.url, getApiKey: async () => sim.apiKey });
    },
    async positionRecords(groupId) {
      const sentAhead = new Map<string, PositionRecords['rows']>();
      const stop = runtime.onEvent((name, payload) => {
        const event = payload as PositionRecordsProgressEvent;
        if (name === 'positionRecordsProgress' && event.groupId === groupId && event.rows) sentAhead.set(event.vaultId, event.rows);
      });
      try {
        return withRowsSentAhead(await runtime.handlers.positions.records({ groupId }, { transport: 'browser' }), sentAhead);
      } finally {
        stop();
      }
    },
    async close() {
      await shell.close();
      await runtime.close();
    },
  };
}
