import type { DeviceFleet } from './device-fleet';
import { forwardDeviceEvents, handleDeviceRequest, type DeviceEvent, type DeviceRequest, type DeviceResponse } from './protocol';

/**
 * The hosting side of `RemoteDevice`: answers requests from the parent process and forwards the
 * first device's state and the desk's Ledgers as they change. Transport-agnostic, so Electron's
 * utility process and a Node child share it.
 */
export function serveDevice(
  desk: DeviceFleet,
  channel: { onMessage(listener: (request: DeviceRequest) => void): void; post(message: DeviceResponse | DeviceEvent): void },
): () => void {
  channel.onMessage((request) => {
    void handleDeviceRequest(desk, request).then((response) => channel.post(response));
  });
  return forwardDeviceEvents(desk, (event) => channel.post(event));
}
