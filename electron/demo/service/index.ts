import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { createSimApp } from './app';
import { generateDataset, type DatasetOptions } from './dataset';
import { FaultControl, type FaultSettings } from './faults';
import { LIST_FILTERS } from './resources';
import type { SimStore } from './store';
import { withWildRealism, type Realism } from './wild';

export { SimStore,   } from './store';
;
export { FaultControl,  } from './faults';
;
export { generateDataset } from './dataset';
;
export { createSimApp } from './app';
;
export { validateStore } from './validate';
export { withWildRealism,   } from './wild';
export type { Realism } from './wild';

interface SimServiceOptions extends DatasetOptions {
  /** Added to every response, ms. */
  latencyMs?: number;
  /** Probability of a 500/503 answer. */
  failRate?: number;
  /** More fault settings (429 rate, malformed and truncated bodies …). */
  faults?: Partial<FaultSettings>;
  /** The bearer key to accept; a random one when missing. */
  apiKey?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Interface to bind; loopback unless told otherwise. */
  host?: string;
  /** Serve this store instead of generating one. */
  store?: SimStore;
  /**
   * `strict` (the default) serves exactly what is stored; `wild` serves it the way a real
   * service may (see the README, "Realism"), drawn from `seed` so runs repeat.
   */
  realism?: Realism;
  /** In wild mode, the share of requests answered 429 or 5xx. */
  wildFaultRate?: number;
}

export interface SimService {
  url: string;
  apiKey: string;
  store: SimStore;
  /** Switch faults on and off while serving. */
  faults: FaultControl;
  close(): Promise<void>;
}

/** Generates (or takes) a dataset and serves it over HTTP on 127.0.0.1. */
export async function startSimService(options: SimServiceOptions = {}): Promise<SimService> {
  const store = options.store ?? generateDataset(options);
  const apiKey = options.apiKey ?? `sim_${randomBytes(18).toString('hex')}`;
  const faults = new FaultControl({
    ...options.faults,
    ...(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {}),
    ...(options.failRate !== undefined ? { failRate: options.failRate } : {}),
  });
  const app = createSimApp({ store, apiKey, faults });
  const fetch =
    options.realism === 'wild'
      ? withWildRealism(app.fetch, {
          seed: options.seed ?? 1,
          listFilters: LIST_FILTERS,
          ...(options.wildFaultRate !== undefined ? { faultRate: options.wildFaultRate } : {}),
        })
      : app.fetch;
  const host = options.host ?? '127.0.0.1';
  const server = createAdaptorServer({ fetch, hostname: host });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket: import('node:net').Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return {
    url: `http://${host}:${port}`,
    apiKey,
    store,
    faults,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive connections would hold `close` open until they time out.
        for (const socket of sockets) socket.destroy();
      }),
  };
}
