/**
 * What a probe reads of the device (which app is open, and in Ethereum its version and blind
 * signing setting) and the app a probed state names. The state machine around it is
 * `device-service.ts`.
 */
import type { DeviceState } from '../../../shared/device/state';
import { DASHBOARD_APP, ETHEREUM_APP, getAppAndVersion, transportModel } from './app-info';
import type { Connection } from './device-link';

/** Asks the device which app is open; `previous` keeps what a probe cannot read again (the address shown). */
export async function readDeviceState({ transport, eth }: Connection, previous: DeviceState): Promise<DeviceState> {
  const app = await getAppAndVersion(transport);
  const model = transportModel(transport);
  if (app.name === DASHBOARD_APP) return { status: 'dashboard', osVersion: app.version, ...model };
  if (app.name !== ETHEREUM_APP) return { status: 'wrong-app', appName: app.name };
  const config = await eth.getAppConfiguration();
  const address = previous.status === 'ready' ? previous.address : undefined;
  return {
    status: 'ready',
    appVersion: config.version,
    blindSigning: config.arbitraryDataEnabled === 1,
    ...(address ? { address } : {}),
    ...model,
  };
}

/** The app a probed state says is open, or null when it cannot tell. */
export function openAppName(state: DeviceState): string | null {
  if (state.status === 'dashboard') return DASHBOARD_APP;
  if (state.status === 'wrong-app') return state.appName;
  if (state.status === 'ready') return ETHEREUM_APP;
  return null;
}
