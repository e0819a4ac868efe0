import { AppError } from '../../shared/errors';
import type { ConsoleMode } from '../../shared/ipc/schemas';
import { createServiceClient, type ServiceClient } from '../services/service-client';
import type { ApiKeyVault } from '../services/secrets/api-key';
import type { Logger } from '../services/log/logger';

/** The embedded simulation as the runtime sees it: a local service with its own (non-secret) key. */
export interface EmbeddedSimulation {
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

export interface ServiceConnectionOptions {
  vault: ApiKeyVault;
  log: Logger;
  startSimulation: () => Promise<EmbeddedSimulation>;
  fetch?: typeof fetch;
  offline: boolean;
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
  private active: ActiveService | null = null;

  constructor(private readonly options: ServiceConnectionOptions) {}

  /** Re-evaluates the mode, e.g. after a key was saved or removed. */
  async select(serviceUrl: string | null): Promise<ActiveService> {
    if (this.options.offline) {
      this.active = { mode: 'offline', serviceUrl: serviceUrl ?? '', client: offlineClient() };
      return this.active;
    }
    if (serviceUrl) {
      const key = await this.options.vault.read(serviceUrl).catch((err: unknown) => {
        this.options.log.warn('keychain read failed; staying on the simulation', { reason: (err as Error).message });
        return null;
      });
      if (key) {
        this.active = {
          mode: 'live',
          serviceUrl,
          client: this.clientFor(serviceUrl, () => this.options.vault.read(serviceUrl)),
        };
        return this.active;
      }
    }
    const sim = await this.startSimulation();
    this.active = { mode: 'demo', serviceUrl: sim.url, client: this.clientFor(sim.url, async () => sim.apiKey) };
    return this.active;
  }

  async current(): Promise<ActiveService> {
    if (this.active) return this.active;
    throw new AppError({ code: 'INTERNAL', message: 'The service connection was used before it was selected.' });
  }

  /** A client for a URL and key that are not saved yet, to test them before saving. */
  probeClient(serviceUrl: string, apiKey: string): ServiceClient {
    return this.clientFor(serviceUrl, async () => apiKey);
  }

  async close(): Promise<void> {
    const sim = this.simulation;
    this.simulation = null;
    if (sim) await (await sim).close();
  }

  private startSimulation(): Promise<EmbeddedSimulation> {
    this.simulation ??= this.options.startSimulation().catch((err: unknown) => {
      this.simulation = null;
      throw new AppError(
        { code: 'SIMULATION_FAILED', message: `The embedded simulation could not start: ${(err as Error).message}`, action: 'Restart the console; if it keeps failing, report it with the log file.' },
        { cause: err },
      );
    });
    return this.simulation;
  }

  private clientFor(baseUrl: string, getApiKey: () => Promise<string | null>): ServiceClient {
    return createServiceClient({ baseUrl, getApiKey, ...(this.options.fetch ? { fetch: this.options.fetch } : {}) });
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
