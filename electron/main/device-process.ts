/**
 * Entry of Electron's utility process that owns the Ledgers: the device fleet over USB HID (one
 * device service per Ledger on the desk), driven by messages from the main process. Kept out of
 * the main process so that a native HID crash cannot take the console down; the main side
 * restarts it (see RemoteDevice).
 */
import { DEVICE_WATCH_INTERVAL_MS, createHidTransportFactory, serveDevice } from '../services/device';
import { DeviceFleet } from '../services/device/device-fleet';
import type { DeviceRequest } from '../services/device/protocol';

interface ParentPort {
  on(event: 'message', listener: (e: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

const parentPort = (process as unknown as { parentPort: ParentPort }).parentPort;
// The watch keeps the state true (unlocked, app opened or quit, blind signing toggled, another
// application letting go) without a click; each check holds the device only for its probe.
const desk = new DeviceFleet({ transports: createHidTransportFactory(), watchIntervalMs: DEVICE_WATCH_INTERVAL_MS });

serveDevice(desk, {
  onMessage: (listener) => parentPort.on('message', (e) => listener(e.data as DeviceRequest)),
  post: (message) => parentPort.postMessage(message),
});
void desk.start();
