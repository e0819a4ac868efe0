/**
 * The Ledger libraries, loaded through their CommonJS builds: their ESM builds use extensionless
 * imports that plain Node ESM cannot resolve.
 */
import { createRequire } from 'node:module';
import type EthClass from '@ledgerhq/hw-app-eth';
import type TransportClass from '@ledgerhq/hw-transport';

const require = createRequire(import.meta.url);

export type DeviceTransport = TransportClass;

const hwAppEth = require('@ledgerhq/hw-app-eth') as {
  default: typeof EthClass;
  ledgerService: typeof import('@ledgerhq/hw-app-eth').ledgerService;
};
const Eth = hwAppEth.default;
export type EthApp = EthClass;

/** Every lookup URL null: hw-app-eth fetches no plugin, token, NFT or CAL data from the network. */
const OFFLINE_LOAD_CONFIG = {
  nftExplorerBaseURL: null,
  pluginBaseURL: null,
  cryptoassetsBaseURL: null,
  calServiceURL: null,
} as const;

/**
 * hw-app-eth with every lookup URL set to null: no plugin, token, NFT or CAL request ever leaves
 * the machine. Callers must also pass a resolution (`null`, or one from `resolveTokenInformation`)
 * to `signTransaction`: without one it resolves by itself.
 */
export function createOfflineEthApp(transport: DeviceTransport): EthApp {
  return new Eth(transport as never, 'w0w', { ...OFFLINE_LOAD_CONFIG });
}

export type TransactionResolution = NonNullable<Parameters<EthApp['signTransaction']>[2]>;

/**
 * The token information hw-app-eth sends before the transaction (PROVIDE ERC 20 TOKEN
 * INFORMATION), resolved from `descriptors` only: the token list given as `staticERC20Signatures`
 * for the transaction's chain, every URL null and every other kind of resolution (plugins, NFTs,
 * Uniswap, domains) off, so nothing is fetched.
 */
export async function resolveTokenInformation(rawTxHex: string, chainId: number, descriptors: string): Promise<TransactionResolution> {
  return hwAppEth.ledgerService.resolveTransaction(
    rawTxHex,
    { ...OFFLINE_LOAD_CONFIG, staticERC20Signatures: { [chainId]: descriptors } },
    { erc20: true, externalPlugins: false, nft: false, uniswapV3: false },
  );
}

/**
 * The raw USB attach/detach events the HID listener itself uses (the `usb` module it depends on,
 * resolved from it so both share one copy). Lazily required, like node-hid.
 */
type UsbListener = (device?: { deviceDescriptor?: { idVendor?: number } }) => void;

export function loadUsbEvents(): {
  on(event: 'attach' | 'detach', listener: UsbListener): void;
  removeListener(event: 'attach' | 'detach', listener: UsbListener): void;
} {
  const fromTransport = createRequire(require.resolve('@ledgerhq/hw-transport-node-hid'));
  return (fromTransport('usb') as { usb: ReturnType<typeof loadUsbEvents> }).usb;
}

/** Lazily required: loading it loads node-hid's native module, which only the HID adapter needs. */
export function loadTransportNodeHid(): typeof import('@ledgerhq/hw-transport-node-hid').default {
  return (require('@ledgerhq/hw-transport-node-hid') as typeof import('@ledgerhq/hw-transport-node-hid')).default;
}

/** The Ledgers node-hid lists now (the same enumeration the HID listener polls), by path. */
export function listLedgerPaths(): string[] {
  const fromTransport = createRequire(require.resolve('@ledgerhq/hw-transport-node-hid'));
  const noEvents = fromTransport('@ledgerhq/hw-transport-node-hid-noevents') as { getDevices(): { path?: string }[] };
  return noEvents.getDevices().flatMap((d) => (d.path ? [d.path] : []));
}
