/**
 * What a probe reads of the device (which app is open, and in Ethereum its version and blind
 * signing setting) and the app a probed state names. The state machine around it is
 * `device-service.ts`.
 */
import type { DeviceState } from '../../../shared/device/state';
import { DASHBOARD_APP, ETHEREUM_APP, getAppAndVersion, getFirmwareVersion, transportModel } from './app-info';
import type { Connection } from './device-link';

/**
 * Asks the device which app is open; `previous` keeps what a probe cannot read again (the address
 * shown), `osVersion` the OS version the dashboard gave last: inside an app nothing tells it.
 */
export async function readDeviceState({ transport, eth }: Connection, previous: DeviceState, osVersion?: string): Promise<DeviceState> {
  const app = await getAppAndVersion(transport);
  const model = transportModel(transport);
  if (app.name === DASHBOARD_APP) {
    // The dashboard's get-version says the OS version and the model; a firmware that refuses it
    // still named its version in B0 01.
    const firmware = await getFirmwareVersion(transport).catch(() => null);
    const named = model.model ?? firmware?.model;
    return { status: 'dashboard', osVersion: firmware?.osVersion || app.version, ...(named ? { model: named } : {}) };
  }
  if (app.name !== ETHEREUM_APP) return { status: 'wrong-app', appName: app.name };
  const config = await eth.getAppConfiguration();
  const address = previous.status === 'ready' ? previous.address : undefined;
  return {
    status: 'ready',
    appVersion: config.version,
    blindSigning: config.arbitraryDataEnabled === 1,
    ...(address ? { address } : {}),
    ...model,
    ...(osVersion ? { osVersion } : {}),
  };
}

/** The app a probed state says is open, or null when it cannot tell. */
export function openAppName(state: DeviceState): string | null {
  if (state.status === 'dashboard') return DASHBOARD_APP;
  if (state.status === 'wrong-app') return state.appName;
  if (state.status === 'ready') return ETHEREUM_APP;
  return null;
}
