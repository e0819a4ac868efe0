export { DEVICE_WATCH_INTERVAL_MS, DeviceService, SERVICE_STOPPED, type DeviceServiceOptions } from './device-service';
export { createHidTransportFactory } from './hid-transport-factory';
export type { DeviceTransport, HotplugObserver, TransportFactory } from './transport-port';
export { expectedScreens, toViemTransaction } from './transaction';
export { handleDeviceRequest, forwardDeviceEvents, type DeviceRequest, type DeviceResponse, type DeviceEvent } from './protocol';
export type { DevicePort } from './device-port';
export { RemoteDevice, type DeviceChannel } from './remote-device';
export { serveDevice } from './host';
