import { Prng } from '../prng';
import { SimStore } from '../store';
import { generateCatalog } from './catalog';

export interface DatasetOptions {
  seed?: number;
  /** How many wallets hold positions and make requests. */
  wallets?: number;
  /**
   * The dataset's "now" (ms). Everything is placed relative to it, so the same seed and the same
   * `now` give the same dataset. Defaults to today's UTC midnight.
   */
  now?: number;
}

export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / 86_400_000) * 86_400_000;
}

/** Builds a fresh store filled with a deterministic dataset. */
export function generateDataset(options: DatasetOptions = {}): SimStore {
  const seed = options.seed ?? 1;
  const now = options.now ?? startOfUtcDay(Date.now());
  const rng = new Prng(seed);
  const store = new SimStore();
  const createdAt = new Date(now - 400 * 86_400_000).toISOString();
  generateCatalog(store, rng, createdAt);
  return store;
}
