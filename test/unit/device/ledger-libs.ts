/**
 * hw-app-eth through its CommonJS build (its ESM build does not load under plain Node ESM), typed
 * from its declarations.
 */
import { createRequire } from 'node:module';
import type EthClass from '@ledgerhq/hw-app-eth';

const require = createRequire(import.meta.url);

export const Eth = (require('@ledgerhq/hw-app-eth') as { default: typeof EthClass }).default;
export type Eth = EthClass;

/** Every network lookup disabled: nothing may leave the machine during tests. */
export const OFFLINE_LOAD_CONFIG = {
  nftExplorerBaseURL: null,
  pluginBaseURL: null,
  cryptoassetsBaseURL: null,
  calServiceURL: null,
};
