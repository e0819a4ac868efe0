import type { DeviceService } from './device-service';
import { forwardDeviceEvents, handleDeviceRequest, type DeviceEvent, type DeviceRequest, type DeviceResponse } from './protocol';

/**
 * The hosting side of `RemoteDevice`: answers requests from the parent process and forwards state
 * changes. Transport-agnostic, so Electron's utility process and a Node child share it.
 */
export function serveDevice(
  service: DeviceService,
  channel: { onMessage(listener: (request: DeviceRequest) => void): void; post(message: DeviceResponse | DeviceEvent): void },
): () => void {
  channel.onMessage((request) => {
    void handleDeviceRequest(service, request).then((response) => channel.post(response));
  });
  return forwardDeviceEvents(service, (event) => channel.post(event));
}
