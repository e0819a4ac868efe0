import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Artifacts } from '../demo/chain';

/** The compiled contracts the Electron build puts beside the main bundle (see electron.vite.config.ts). */
export const BUNDLED_CONTRACTS_FILE = 'contracts.json';

/**
 * The prebuilt contracts in `dir`, or undefined when there are none (running from the sources,
 * where the simulation compiles them itself, cached).
 */
export function bundledContracts(dir: string): Artifacts | undefined {
  const file = path.join(dir, BUNDLED_CONTRACTS_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Artifacts) : undefined;
}
