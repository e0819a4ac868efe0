import { AppError } from '../../shared/errors';
import type { ConsoleMode } from '../../shared/ipc/schemas';
import { createServiceClient, type ServiceClient } from '../services/service-client';
import type { ApiKeyVault } from '../services/secrets/api-key';
import type { Logger } from '../services/log/logger';

/** The embedded simulation as the runtime sees it: a local service with its own (non-secret) key. */
export interface EmbeddedSimulation {
  url: string;
  apiKey: string;
  /** The simulated lenders, derived from the emulated Ledger's seed, to fill the demo wallet book. */
  wallets: Array<{ address: `0x${string}`; label: string; path: string; index: number }>;
  /** The local chains (none for a service-only simulation); stopping one simulates an RPC outage. */
  localChains: Array<{ chainId: number; rpcUrl: string; stop(): Promise<void> }>;
  close(): Promise<void>;
}

export type SimulationStatus = 'starting' | 'ready' | 'failed' | null;

export interface ServiceConnectionOptions {
  vault: ApiKeyVault;
  log: Logger;
  startSimulation: () => Promise<EmbeddedSimulation>;
  fetch?: typeof fetch;
  /** Read at every selection, so the setting can change while the console runs. */
  offline: () => boolean;
  onSimulationReady?: (sim: EmbeddedSimulation) => void;
}

export interface ActiveService {
  mode: ConsoleMode;
  serviceUrl: string;
  client: ServiceClient;
}

/**
 * Decides which service the console reads and hands out a client for it: the real service when a
 * URL is configured and its key is in the keychain, otherwise the embedded simulation (started on
 * first use). The key is read from the keychain on each request and never kept elsewhere.
 */
export class ServiceConnection {
  private simulation: Promise<EmbeddedSimulation> | null = null;
  private simulationStatus: SimulationStatus = null;
  private selected: { mode: ConsoleMode; active: Promise<ActiveService> } | null = null;

  constructor(private readonly options: ServiceConnectionOptions) {}

  /**
   * Re-evaluates the mode, e.g. after a key was saved or removed. Returns as soon as the mode is
   * known; in demo mode the simulation keeps starting in the background and `current()` waits for it.
   */
  async select(serviceUrl: string | null): Promise<ConsoleMode> {
    if (this.options.offline()) {
      this.selected = { mode: 'offline', active: Promise.resolve({ mode: 'offline', serviceUrl: serviceUrl ?? '', client: offlineClient() }) };
      // The demo's local chains, driver and indexer talk over loopback sockets: an install switched
      // to offline review stops them too, so that nothing of the console uses the network.
      await this.close().catch((err: unknown) => this.options.log.warn('the simulation did not stop cleanly', { reason: (err as Error).message }));
      return 'offline';
    }
    if (serviceUrl) {
      const key = await this.options.vault.read(serviceUrl).catch((err: unknown) => {
        this.options.log.warn('keychain read failed; staying on the simulation', { reason: (err as Error).message });
        return null;
      });
      if (key) {
        // A key saved in an earlier run is known to the log's scrubber from its first read on.
        this.options.log.forget?.(key);
        const active: ActiveService = { mode: 'live', serviceUrl, client: this.clientFor(serviceUrl, () => this.options.vault.read(serviceUrl)) };
        this.selected = { mode: 'live', active: Promise.resolve(active) };
        return 'live';
      }
    }
    const active = this.startSimulation().then((sim): ActiveService => ({ mode: 'demo', serviceUrl: sim.url, client: this.clientFor(sim.url, async () => sim.apiKey) }));
    active.catch(() => undefined);
    this.selected = { mode: 'demo', active };
    return 'demo';
  }

  mode(): ConsoleMode {
    return this.selected?.mode ?? 'demo';
  }

  status(): SimulationStatus {
    return this.selected?.mode === 'demo' ? this.simulationStatus : null;
  }

  /** The running simulation, when in demo mode (waits for it to start). */
  async embedded(): Promise<EmbeddedSimulation | null> {
    return this.selected?.mode === 'demo' && this.simulation ? this.simulation : null;
  }

  async current(): Promise<ActiveService> {
    if (this.selected) return this.selected.active;
    throw new AppError({ code: 'INTERNAL', message: 'The service connection was used before it was selected.' });
  }

  /** A client for a URL and key that are not saved yet, to test them before saving. */
  probeClient(serviceUrl: string, apiKey: string): ServiceClient {
    return this.options.offline() ? offlineClient() : this.clientFor(serviceUrl, async () => apiKey);
  }

  async close(): Promise<void> {
    const sim = this.simulation;
    this.simulation = null;
    if (sim) await (await sim).close();
  }

  private startSimulation(): Promise<EmbeddedSimulation> {
    if (!this.simulation) this.simulationStatus = 'starting';
    this.simulation ??= this.options.startSimulation().then((sim) => {
      this.simulationStatus = 'ready';
      this.options.onSimulationReady?.(sim);
      return sim;
    }).catch((err: unknown) => {
      this.simulation = null;
      this.simulationStatus = 'failed';
      throw new AppError(
        { code: 'SIMULATION_FAILED', message: `The embedded simulation could not start: ${(err as Error).message}`, action: 'Restart the console; if it keeps failing, report it with the log file.' },
        { cause: err },
      );
    });
    return this.simulation;
  }

  private clientFor(baseUrl: string, getApiKey: () => Promise<string | null>): ServiceClient {
    return createServiceClient({
      baseUrl,
      getApiKey,
      // Shown data is read tolerantly: a record that does not fit is left out of its page and logged.
      onSetAside: (records) =>
        this.options.log.warn('service records set aside', {
          count: records.length,
          records: records.slice(0, 5).map((r) => ({ endpoint: r.endpoint, index: r.index, id: r.id, path: r.path, reason: r.reason })),
        }),
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
  }
}

/** In offline mode no request may leave the machine: every call fails before touching the network. */
function offlineClient(): ServiceClient {
  const refuse = (): never => {
    throw new AppError({ code: 'OFFLINE', message: 'This install is in offline mode and never contacts the service.', action: 'Open a snapshot or an unsigned bundle instead.' });
  };
  // `then` stays undefined so the proxy is never mistaken for a promise.
  return new Proxy({} as ServiceClient, { get: (_target, prop) => (prop === 'then' ? undefined : refuse) });
}
