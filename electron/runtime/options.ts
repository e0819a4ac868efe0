import type { EventName, EventPayload } from '../../shared/ipc/contract';
import type { Logger } from '../services/log/logger';
import type { SecretStore } from '../services/secrets/secret-store';
import type { Lookup } from '../services/settings/service-target';
import type { DeviceHost, DeviceKind, EmulatedDeviceStarter, EmulatedHostOptions } from './device-host';
import type { Handlers } from './handlers';
import type { EmbeddedSimulation } from './service-connection';

/** The encrypted key file in the data folder, used only where the OS keychain cannot be reached. */
export const KEY_FILE_NAME = 'key-file.json';

export interface RuntimeOptions {
  version: string;
  shell: 'electron' | 'browser';
  dataDir: string;
  secrets: SecretStore;
  log: Logger & { forget?(value: string): void };
  /** Starts the embedded simulation (demo mode); injected so the runtime never depends on sim code directly. */
  startSimulation: () => Promise<EmbeddedSimulation>;
  /** Starts the demo's emulated Ledger (`startEmulatedDevice`); injected, like the simulation, for the same reason. */
  startEmulatedDevice: EmulatedDeviceStarter;
  /** Opens an allowlisted https link in the user's browser. */
  openExternal: (url: string) => Promise<void>;
  /** Shows an OS notification (the desktop app); absent in the browser shell. */
  notify?: (title: string, body: string) => boolean;
  /** `--service URL` for this run: used instead of the saved one. */
  serviceUrlOverride?: string;
  offline?: boolean;
  fetch?: typeof fetch;
  /** Resolves a service address typed in Settings before its test; injected by tests. */
  lookup?: Lookup;
  /** Starts the Ledger host; injected by tests and by the Electron main process (utility process). */
  startDevice?: (kind: DeviceKind, emulate?: EmulatedHostOptions) => Promise<DeviceHost>;
}

export interface ConsoleRuntime {
  handlers: Handlers;
  onEvent(listener: <E extends EventName>(name: E, payload: EventPayload<E>) => void): () => void;
  close(): Promise<void>;
}
