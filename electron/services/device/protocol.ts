/**
 * Messages for driving the device service from another process (the Electron utility process that
 * hosts it): requests in, tagged results and state events out. Everything is JSON; errors never
 * cross as exceptions.
 */
import { isAppError, type AppErrorData } from '../../../shared/errors';
import { describeDeviceError } from '../../../shared/device/errors';
import type { DerivationScheme } from '../../../shared/device/paths';
import type { DeviceState, DeviceTransactionRequest } from '../../../shared/device/state';
import type { DeviceService } from './device-service';

export type DeviceRequest =
  | { id: number; method: 'getState' }
  | { id: number; method: 'refresh' }
  | { id: number; method: 'openEthereumApp' }
  | { id: number; method: 'setVisible'; params: { visible: boolean } }
  | { id: number; method: 'discoverAccounts'; params: { scheme: DerivationScheme; start?: number; count?: number } }
  | { id: number; method: 'verifyAddress'; params: { path: string; expectedAddress?: string } }
  | { id: number; method: 'signTransaction'; params: { path: string; request: DeviceTransactionRequest; expectedAddress?: string } }
  | { id: number; method: 'signPersonalMessage'; params: { path: string; message: string | { raw: string }; expectedAddress?: string } }
  | {
      id: number;
      method: 'signTypedDataHash';
      params: { path: string; domainHash: string; messageHash: string; expectedAddress?: string };
    };

export type DeviceResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: AppErrorData };

export type DeviceEvent = { type: 'state'; state: DeviceState };

function opts(expectedAddress: string | undefined): { expectedAddress?: string } {
  return expectedAddress === undefined ? {} : { expectedAddress };
}

function run(service: DeviceService, request: DeviceRequest): Promise<unknown> {
  switch (request.method) {
    case 'getState':
      return Promise.resolve(service.getState());
    case 'refresh':
      return service.refresh();
    case 'openEthereumApp':
      return service.openEthereumApp();
    case 'setVisible':
      return service.setVisible(request.params.visible);
    case 'discoverAccounts':
      return service.discoverAccounts(request.params);
    case 'verifyAddress':
      return service.verifyAddress(request.params.path, request.params.expectedAddress);
    case 'signTransaction':
      return service.signTransaction(request.params.path, request.params.request, opts(request.params.expectedAddress));
    case 'signPersonalMessage':
      return service.signPersonalMessage(request.params.path, request.params.message, opts(request.params.expectedAddress));
    case 'signTypedDataHash':
      return service.signTypedDataHash(request.params.path, request.params, opts(request.params.expectedAddress));
    default:
      return Promise.reject(new Error(`Unknown device method "${String((request as { method: unknown }).method)}"`));
  }
}

/** Runs one request and answers with a tagged result. */
export async function handleDeviceRequest(service: DeviceService, request: DeviceRequest): Promise<DeviceResponse> {
  try {
    return { id: request.id, ok: true, value: await run(service, request) };
  } catch (err) {
    const error = isAppError(err) && typeof err.toData === 'function' ? err.toData() : describeDeviceError(err);
    return { id: request.id, ok: false, error };
  }
}

/** Forwards every state change as an event message; returns the unsubscribe function. */
export function forwardDeviceEvents(service: DeviceService, post: (event: DeviceEvent) => void): () => void {
  return service.subscribe((state) => post({ type: 'state', state }));
}
