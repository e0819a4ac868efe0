export { DEVICE_WATCH_INTERVAL_MS, DeviceService,  type DeviceServiceOptions } from './device-service';
export { createHidTransportFactory } from './hid-transport-factory';
export type {   TransportFactory } from './transport-port';
export { expectedScreens, toViemTransaction } from './transaction';
export { handleDeviceRequest, forwardDeviceEvents,   type DeviceEvent } from './protocol';
export type { DevicePort } from './device-port';
export { RemoteDevice, type DeviceChannel } from './remote-device';
export { serveDevice } from './host';
