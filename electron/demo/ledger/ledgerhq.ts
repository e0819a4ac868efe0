/**
 * The Ledger libraries, loaded through their CommonJS builds: their ESM builds use extensionless
 * imports that plain Node ESM cannot resolve.
 */
import { createRequire } from 'node:module';
import type TransportClass from '@ledgerhq/hw-transport';
import type * as LedgerErrors from '@ledgerhq/errors';
import type * as LedgerDevices from '@ledgerhq/devices';

const require = createRequire(import.meta.url);

export const Transport = (require('@ledgerhq/hw-transport') as { default: typeof TransportClass }).default;
export type Transport = TransportClass;

const errors = require('@ledgerhq/errors') as typeof LedgerErrors;
export const { DisconnectedDevice, DisconnectedDeviceDuringOperation, CantOpenDevice } = errors;

/** `@ledgerhq/devices`: the device model a USB product id stands for, as the HID transport identifies it. */
export const { identifyUSBProductId } = require('@ledgerhq/devices') as typeof LedgerDevices;
