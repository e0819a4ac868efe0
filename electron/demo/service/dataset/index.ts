import { Prng } from '../prng';
import { SimStore } from '../store';
import { generateCampaigns } from './campaigns';
import { generateCatalog } from './catalog-seeds';
import { generateHistory } from './history';
import { DAY_MS } from './time';
import { generateWallets } from './wallets';

export interface DatasetOptions {
  seed?: number;
  /** How many generated wallets hold positions and make requests (default 50). */
  wallets?: number;
  /** Addresses to include as well (before the generated ones), e.g. the console's own wallets. */
  walletAddresses?: readonly string[];
  /**
   * The dataset's "now" (ms). Everything is placed relative to it, so the same seed and the same
   * `now` give the same dataset. Defaults to today's UTC midnight.
   */
  now?: number;
}

const DEFAULT_WALLETS = 50;

function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** Builds a fresh store filled with a deterministic dataset. */
export function generateDataset(options: DatasetOptions = {}): SimStore {
  const seed = options.seed ?? 1;
  const now = options.now ?? startOfUtcDay(Date.now());
  const rng = new Prng(seed);
  const store = new SimStore();
  const catalog = generateCatalog(store, rng, new Date(now - 400 * DAY_MS).toISOString());
  const history = generateHistory(store, rng, catalog, now);
  generateCampaigns(store, rng, catalog, now);
  generateWallets(store, rng, catalog, history, now, {
    count: options.wallets ?? DEFAULT_WALLETS,
    ...(options.walletAddresses ? { addresses: options.walletAddresses } : {}),
  });
  return store;
}
