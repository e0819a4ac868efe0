/**
 * Entry of Electron's utility process that owns the Ledger: the device service over USB HID,
 * driven by messages from the main process. Kept out of the main process so that a native HID
 * crash cannot take the console down; the main side restarts it (see RemoteDevice).
 */
import { DEVICE_WATCH_INTERVAL_MS, DeviceService, createHidTransportFactory, serveDevice } from '../services/device';
import type { DeviceRequest } from '../services/device/protocol';

interface ParentPort {
  on(event: 'message', listener: (e: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

const parentPort = (process as unknown as { parentPort: ParentPort }).parentPort;
// The watch keeps the state true (unlocked, app opened or quit, blind signing toggled, another
// application letting go) without a click; each check holds the device only for its probe.
const service = new DeviceService({ transports: createHidTransportFactory(), watchIntervalMs: DEVICE_WATCH_INTERVAL_MS });

serveDevice(service, {
  onMessage: (listener) => parentPort.on('message', (e) => listener(e.data as DeviceRequest)),
  post: (message) => parentPort.postMessage(message),
});
void service.start();
