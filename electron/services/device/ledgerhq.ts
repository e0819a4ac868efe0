/**
 * The Ledger libraries, loaded through their CommonJS builds: their ESM builds use extensionless
 * imports that plain Node ESM cannot resolve.
 */
import { createRequire } from 'node:module';
import type EthClass from '@ledgerhq/hw-app-eth';
import type TransportClass from '@ledgerhq/hw-transport';

const require = createRequire(import.meta.url);

export type DeviceTransport = TransportClass;

const Eth = (require('@ledgerhq/hw-app-eth') as { default: typeof EthClass }).default;
export type EthApp = EthClass;

/**
 * hw-app-eth with every lookup URL set to null: no plugin, token, NFT or CAL request ever leaves
 * the machine. Callers must also pass `resolution: null` to `signTransaction`.
 */
export function createOfflineEthApp(transport: DeviceTransport): EthApp {
  return new Eth(transport as never, 'w0w', {
    nftExplorerBaseURL: null,
    pluginBaseURL: null,
    cryptoassetsBaseURL: null,
    calServiceURL: null,
  });
}

/**
 * The raw USB attach/detach events the HID listener itself uses (the `usb` module it depends on,
 * resolved from it so both share one copy). Lazily required, like node-hid.
 */
export function loadUsbEvents(): { on(event: 'attach' | 'detach', listener: () => void): void; removeListener(event: 'attach' | 'detach', listener: () => void): void } {
  const fromTransport = createRequire(require.resolve('@ledgerhq/hw-transport-node-hid'));
  return (fromTransport('usb') as { usb: ReturnType<typeof loadUsbEvents> }).usb;
}

/** Lazily required: loading it loads node-hid's native module, which only the HID adapter needs. */
export function loadTransportNodeHid(): typeof import('@ledgerhq/hw-transport-node-hid').default {
  return (require('@ledgerhq/hw-transport-node-hid') as typeof import('@ledgerhq/hw-transport-node-hid')).default;
}
