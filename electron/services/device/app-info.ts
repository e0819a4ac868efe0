/** The OS-level "get app and version" command (B0 01), answered whatever app is open. */
import { modelFromDeviceModelId, modelFromTargetId, type LedgerModel } from '../../../shared/device/models';
import type { DeviceTransport } from './ledgerhq';

export const DASHBOARD_APP = 'BOLOS';
export const ETHEREUM_APP = 'Ethereum';

interface AppInfo {
  name: string;
  version: string;
}

/** Parses `[format][len]name[len]version…` followed by the status word. */
function parseAppAndVersion(answer: Buffer): AppInfo {
  if (answer[0] !== 0x01) throw new Error('Unexpected answer format to get-app-and-version');
  const nameLength = answer[1] ?? 0;
  const name = answer.subarray(2, 2 + nameLength).toString('ascii');
  const versionLength = answer[2 + nameLength] ?? 0;
  const version = answer.subarray(3 + nameLength, 3 + nameLength + versionLength).toString('ascii');
  return { name, version };
}

export async function getAppAndVersion(transport: DeviceTransport): Promise<AppInfo> {
  return parseAppAndVersion(await transport.send(0xb0, 0x01, 0x00, 0x00));
}

/** Quits the open app; the device then re-enumerates on the dashboard. */
export async function quitApp(transport: DeviceTransport): Promise<void> {
  await transport.send(0xb0, 0xa7, 0x00, 0x00);
}

/** Asks the dashboard to open an app (the user confirms on the device); the device then re-enumerates. */
export async function openApp(transport: DeviceTransport, name: string): Promise<void> {
  await transport.send(0xe0, 0xd8, 0x00, 0x00, Buffer.from(name, 'ascii'));
}

/**
 * The device model the transport reports (`deviceModel`, from the USB product name or id), as a
 * spreadable `{ model }`, empty when it reports none: the review's layout depends on it.
 */
export function transportModel(transport: DeviceTransport): { model?: LedgerModel } {
  const model = modelFromDeviceModelId(transport.deviceModel?.id);
  return model ? { model } : {};
}

interface FirmwareInfo {
  /** The secure element's OS version (what Ledger Live calls the firmware version). */
  osVersion: string;
  mcuVersion: string;
  /** The model the target id names, when it names one the console knows. */
  model?: LedgerModel;
}

/**
 * The dashboard's get-version (E0 01 00 00), as Ledger Live's `getVersion` reads it:
 * `[target id: 4][len]OS version[len]flags[len]MCU version`. Only the dashboard answers it.
 */
export async function getFirmwareVersion(transport: DeviceTransport): Promise<FirmwareInfo> {
  const answer = await transport.send(0xe0, 0x01, 0x00, 0x00);
  const data = answer.subarray(0, answer.length - 2);
  let at = 4;
  const next = () => {
    const length = data[at] ?? 0;
    const field = data.subarray(at + 1, at + 1 + length);
    at += 1 + length;
    return field;
  };
  const osVersion = next().toString('ascii');
  next(); // flags
  // Some firmware ends the MCU version with a NUL.
  const mcuVersion = next().toString('ascii').replace(/\0+$/, '');
  const model = data.length >= 4 ? modelFromTargetId(data.readUInt32BE(0)) : undefined;
  return { osVersion, mcuVersion, ...(model ? { model } : {}) };
}
