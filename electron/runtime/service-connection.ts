import { AppError } from '../../shared/errors';
import type { ConsoleMode, ServiceState } from '../../shared/ipc/schemas';
import { createServiceClient, type ServiceClient } from '../services/service-client';
import type { ApiKeyVault } from '../services/secrets/api-key';
import type { Logger } from '../services/log/logger';
import type { DemoClockControl } from '../../shared/demo/clock';
import type { CalldataDescriptorSource } from '../services/device/clear-signing';
import { readKey, SetAsideBook } from './set-aside-book';

/** The embedded simulation as the runtime sees it: a local service with its own (non-secret) key. */
export interface EmbeddedSimulation {
  url: string;
  apiKey: string;
  /** The simulated lenders, derived from the emulated Ledger's seed, to fill the demo wallet book. */
  wallets: Array<{ address: `0x${string}`; label: string; path: string; index: number }>;
  /** The local chains (none for a service-only simulation); stopping one simulates an RPC outage. */
  localChains: Array<{ chainId: number; rpcUrl: string; stop(): Promise<void> }>;
  /** What moves the demo's vaults on: paused and stepped from the banner and Settings (none for a service-only simulation). */
  clock?: DemoClockControl;
  /** The demo's vault calls' descriptors, certified by the emulated Ledger's test keys (only it trusts them). */
  clearSigning?: CalldataDescriptorSource;
  close(): Promise<void>;
}

type SimulationStatus = 'starting' | 'ready' | 'failed' | null;

interface ServiceConnectionOptions {
  vault: ApiKeyVault;
  log: Logger;
  startSimulation: () => Promise<EmbeddedSimulation>;
  fetch?: typeof fetch;
  /** Read at every selection, so the setting can change while the console runs. */
  offline: () => boolean;
  onSimulationReady?: (sim: EmbeddedSimulation) => void;
}

interface ActiveService {
  mode: ConsoleMode;
  serviceUrl: string;
  client: ServiceClient;
}

/**
 * Decides which service the console reads and hands out a client for it: the real service when a
 * URL is configured (with its key from the keychain when there is one: `live`; without: `public`,
 * its key-less routes only), otherwise the embedded simulation (started on first use). The key is
 * read from the keychain on each request and never kept elsewhere.
 */
export class ServiceConnection {
  private simulation: Promise<EmbeddedSimulation> | null = null;
  private simulationStatus: SimulationStatus = null;
  private selected: { mode: ConsoleMode; active: Promise<ActiveService> } | null = null;
  /** Bumped at every selection, so a simulation that starts late does not watch a client no longer used. */
  private generation = 0;
  private readonly setAside = new SetAsideBook();
  private waitingUntil: number | null = null;
  private stopWatchingLimiter: (() => void) | null = null;
  private readonly stateListeners = new Set<(state: ServiceState) => void>();

  constructor(private readonly options: ServiceConnectionOptions) {
    this.setAside.subscribe(() => this.notifyState());
  }

  /** Records the current service's latest reads set aside, and its rate-limit pause. */
  serviceState(): ServiceState {
    return { setAside: this.setAside.summary(), rateLimit: { waitingUntilMs: this.waitingUntil } };
  }

  /** Called whenever `serviceState()` changes; returns the unsubscribe. */
  onServiceState(listener: (state: ServiceState) => void): () => void {
    this.stateListeners.add(listener);
    return () => void this.stateListeners.delete(listener);
  }

  /**
   * Re-evaluates the mode, e.g. after a key was saved or removed. Returns as soon as the mode is
   * known; in demo mode the simulation keeps starting in the background and `current()` waits for it.
   */
  async select(serviceUrl: string | null): Promise<ConsoleMode> {
    const generation = ++this.generation;
    // What another service (or the same one before) set aside says nothing of the one read now.
    this.setAside.clear();
    this.watchLimiter(null);
    if (this.options.offline()) {
      this.selected = { mode: 'offline', active: Promise.resolve({ mode: 'offline', serviceUrl: serviceUrl ?? '', client: offlineClient() }) };
      // The demo's local chains, driver and indexer talk over loopback sockets: an install switched
      // to offline review stops them too, so that nothing of the console uses the network.
      await this.close().catch((err: unknown) => this.options.log.warn('the simulation did not stop cleanly', { reason: (err as Error).message }));
      return 'offline';
    }
    if (serviceUrl) {
      const key = await this.options.vault.read(serviceUrl).catch((err: unknown) => {
        this.options.log.warn('keychain read failed; reading the service without a key', { reason: (err as Error).message });
        return null;
      });
      // A key saved in an earlier run is known to the log's scrubber from its first read on.
      if (key) this.options.log.forget?.(key);
      // Without a key the console reads the service's key-less public routes: a read-only console
      // of the address the operator chose, never the demo's figures under a real service's name.
      const mode = key ? 'live' : 'public';
      const getApiKey = key ? () => this.options.vault.read(serviceUrl) : null;
      const active: ActiveService = { mode, serviceUrl, client: this.readsOf(this.clientFor(serviceUrl, getApiKey, true)) };
      this.watchLimiter(active.client);
      this.selected = { mode, active: Promise.resolve(active) };
      return mode;
    }
    const active = this.startSimulation().then((sim): ActiveService => {
      const client = this.readsOf(this.clientFor(sim.url, async () => sim.apiKey, true));
      if (generation === this.generation) this.watchLimiter(client);
      return { mode: 'demo', serviceUrl: sim.url, client };
    });
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

  /**
   * A client for a URL and key that are not saved yet, to test them before saving; `fetch`, when
   * given, is how it connects (the settings test pins the addresses it checked).
   */
  probeClient(serviceUrl: string, apiKey: string, fetch?: typeof globalThis.fetch): ServiceClient {
    return this.options.offline() ? offlineClient() : this.clientFor(serviceUrl, async () => apiKey, false, fetch);
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

  /**
   * A client of the service; the console's own (`counted`) also tells the set-aside book what its
   * reads left out, a probe of an address not saved yet only logs it.
   */
  private clientFor(baseUrl: string, getApiKey: (() => Promise<string | null>) | null, counted: boolean, fetch?: typeof globalThis.fetch): ServiceClient {
    return createServiceClient({
      baseUrl,
      // No key: the client asks only the service's public routes and refuses the rest up front.
      ...(getApiKey ? { getApiKey } : { getApiKey: async () => null, keyless: true }),
      // Shown data is read tolerantly: a record that does not fit is left out of its page and logged.
      onSetAside: (records) => {
        this.options.log.warn('service records set aside', {
          count: records.length,
          records: records.slice(0, 5).map((r) => ({ endpoint: r.endpoint, index: r.index, id: r.id, path: r.path, reason: r.reason })),
        });
        if (counted) this.setAside.tell(records);
      },
      ...(fetch ? { fetch } : this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
  }

  /** The client with each call made a read of the set-aside book, so a read again replaces what it set aside. */
  private readsOf(client: ServiceClient): ServiceClient {
    const book = this.setAside;
    return new Proxy(client, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function' || typeof prop !== 'string' || NOT_READS.has(prop)) return value;
        const method = value as (...args: unknown[]) => unknown;
        if (prop === 'pages') return (...args: unknown[]) => book.trackWalk(readKey(prop, args), () => method.apply(target, args) as AsyncGenerator<unknown>);
        return (...args: unknown[]) => book.track(readKey(prop, args), () => method.apply(target, args) as Promise<unknown>);
      },
    });
  }

  /** Follows the rate-limit pause of the client in use (none: calls flow). */
  private watchLimiter(client: ServiceClient | null): void {
    this.stopWatchingLimiter?.();
    this.stopWatchingLimiter = null;
    const set = (until: number | null) => {
      if (until === this.waitingUntil) return;
      this.waitingUntil = until;
      this.notifyState();
    };
    set(client ? client.rateLimit.waitingUntil() : null);
    if (client) this.stopWatchingLimiter = client.rateLimit.subscribe(set);
  }

  private notifyState(): void {
    const state = this.serviceState();
    for (const listener of this.stateListeners) listener(state);
  }
}

/** Client members that are not reads of the service. */
const NOT_READS = new Set(['requestCounts', 'resetRequestCounts']);

/** In offline mode no request may leave the machine: every call fails before touching the network. */
function offlineClient(): ServiceClient {
  const refuse = (): never => {
    throw new AppError({ code: 'OFFLINE', message: 'This install is in offline mode and never contacts the service.', action: 'Open a snapshot or an unsigned bundle instead.' });
  };
  // `then` stays undefined so the proxy is never mistaken for a promise.
  return new Proxy({} as ServiceClient, { get: (_target, prop) => (prop === 'then' ? undefined : refuse) });
}
