/**
 * Messages for driving the device service from another process (the Electron utility process that
 * hosts it): requests in, tagged results and events out. Everything is JSON; errors never cross as
 * exceptions. The host runs a `DeviceFleet` (every Ledger on the desk); a request that names no
 * device goes to the first one, as with one Ledger.
 */
import { isAppError, type AppErrorData } from '../../../shared/errors';
import { describeDeviceError } from '../../../shared/device/errors';
import type { LedgerListing, LedgerSelector } from '../../../shared/device/desk';
import type { DerivationScheme } from '../../../shared/device/paths';
import type { DeviceState, DeviceTransactionRequest } from '../../../shared/device/state';
import type { DeviceFleet } from './device-fleet';

/** Which Ledger a request is for (absent: the first one). */
type OnDevice = { device?: LedgerSelector };

export type DeviceRequest =
  | { id: number; method: 'getState' }
  | { id: number; method: 'listDevices' }
  | { id: number; method: 'refresh'; params?: OnDevice }
  | { id: number; method: 'openEthereumApp'; params?: OnDevice }
  | { id: number; method: 'setVisible'; params: { visible: boolean } }
  | { id: number; method: 'discoverAccounts'; params: { scheme: DerivationScheme; start?: number; count?: number } & OnDevice }
  | { id: number; method: 'verifyAddress'; params: { path: string; expectedAddress?: string } & OnDevice }
  | { id: number; method: 'signTransaction'; params: { path: string; request: DeviceTransactionRequest; expectedAddress?: string } & OnDevice }
  | { id: number; method: 'signPersonalMessage'; params: { path: string; message: string | { raw: string }; expectedAddress?: string } & OnDevice }
  | {
      id: number;
      method: 'signTypedDataHash';
      params: { path: string; domainHash: string; messageHash: string; expectedAddress?: string } & OnDevice;
    };

export type DeviceResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: AppErrorData };

/** The first device's state (the single-device port), and every Ledger on the desk at each change. */
export type DeviceEvent = { type: 'state'; state: DeviceState } | { type: 'devices'; devices: LedgerListing[] };

function choice(params: { expectedAddress?: string | undefined; device?: LedgerSelector | undefined }): { expectedAddress?: string; device?: LedgerSelector } {
  return {
    ...(params.expectedAddress === undefined ? {} : { expectedAddress: params.expectedAddress }),
    ...(params.device === undefined ? {} : { device: params.device }),
  };
}

function run(desk: DeviceFleet, request: DeviceRequest): Promise<unknown> {
  switch (request.method) {
    case 'getState':
      return Promise.resolve(desk.getState());
    case 'listDevices':
      return Promise.resolve(desk.listDevices());
    case 'refresh':
      return desk.refresh(request.params?.device);
    case 'openEthereumApp':
      return desk.openEthereumApp(request.params?.device);
    case 'setVisible':
      return desk.setVisible(request.params.visible);
    case 'discoverAccounts': {
      const { device, ...params } = request.params;
      return desk.discoverAccounts(params, device);
    }
    case 'verifyAddress':
      return desk.verifyAddress(request.params.path, request.params.expectedAddress, request.params.device);
    case 'signTransaction':
      return desk.signTransaction(request.params.path, request.params.request, choice(request.params));
    case 'signPersonalMessage':
      return desk.signPersonalMessage(request.params.path, request.params.message, choice(request.params));
    case 'signTypedDataHash':
      return desk.signTypedDataHash(request.params.path, request.params, choice(request.params));
    default:
      return Promise.reject(new Error(`Unknown device method "${String((request as { method: unknown }).method)}"`));
  }
}

/** Runs one request and answers with a tagged result. */
export async function handleDeviceRequest(desk: DeviceFleet, request: DeviceRequest): Promise<DeviceResponse> {
  try {
    return { id: request.id, ok: true, value: await run(desk, request) };
  } catch (err) {
    const error = isAppError(err) && typeof err.toData === 'function' ? err.toData() : describeDeviceError(err);
    return { id: request.id, ok: false, error };
  }
}

/** Forwards every change of the first device's state and of the desk as event messages; returns the unsubscribe function. */
export function forwardDeviceEvents(desk: DeviceFleet, post: (event: DeviceEvent) => void): () => void {
  const offState = desk.subscribe((state) => post({ type: 'state', state }));
  const offDevices = desk.subscribeDevices((devices) => post({ type: 'devices', devices }));
  return () => {
    offState();
    offDevices();
  };
}
