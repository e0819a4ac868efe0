/**
 * What the device's OS answers, whatever app is open (CLA 0xB0: get app and version, quit the app,
 * and the commands the open app takes at that level), and what the dashboard answers when no app is
 * open (open an app, confirmed on the device). The emulated device around them is `device.ts`.
 */
import { openAppScreens } from '../../../shared/device/screens';
import type { ConfirmationKind, DeviceScreen } from '../../../shared/device/state';
import { SW, reply, type Apdu } from './apdu';
import type { DeviceProfile } from './device-profile';
import { DASHBOARD, ETHEREUM } from './device-types';
import { LEDGER_MODELS } from '../../../shared/device/models';

/** The device as its OS commands see it. */
export interface OsContext {
  /** The app open now ("BOLOS" on the dashboard). */
  readonly app: string;
  /** The version of the app open now (the OS version on the dashboard). */
  readonly openAppVersion: string;
  readonly installed: ReadonlySet<string>;
  /** What the dashboard answers to a command it does not know. */
  readonly dashboardSw: number;
  /** The model and its OS, for the dashboard's get-version. */
  readonly profile: DeviceProfile;
  /** Leaves the open app for another (re-enumerating USB), after the answer went out. */
  switchAppSoon(name: string): void;
  confirm(kind: ConfirmationKind, screens: DeviceScreen[]): Promise<boolean>;
  /** The open Ethereum app's own OS-level commands (certificates). */
  ethereumOsCommand(apdu: Apdu): Buffer;
}

/** CLA 0xB0, answered by the OS whatever app is open. */
export function osCommand(device: OsContext, apdu: Apdu): Buffer {
  if (apdu.ins === 0x01) {
    // Get app and version: [format 01][len]name[len]version[len]flags
    const name = Buffer.from(device.app, 'ascii');
    const version = Buffer.from(device.openAppVersion, 'ascii');
    return reply(Buffer.concat([Buffer.from([0x01, name.length]), name, Buffer.from([version.length]), version, Buffer.from([0x01, 0x00])]));
  }
  if (apdu.ins === 0xa7) {
    // Quit the app: answer first, then the USB device re-enumerates on the dashboard.
    if (device.app !== DASHBOARD) device.switchAppSoon(DASHBOARD);
    return reply(null);
  }
  return device.app === ETHEREUM ? device.ethereumOsCommand(apdu) : reply(null, SW.INS_NOT_SUPPORTED);
}

/** Commands the dashboard answers (no app open): get version (E0 01) and open an app (E0 D8). */
export async function dashboardCommand(device: OsContext, apdu: Apdu): Promise<Buffer> {
  if (apdu.cla === 0xe0 && apdu.ins === 0x01) return reply(firmwareVersion(device.profile));
  if (apdu.cla === 0xe0 && apdu.ins === 0xd8) {
    const name = apdu.data.toString('ascii');
    if (!device.installed.has(name)) return reply(null, SW.APP_NOT_INSTALLED);
    const approved = await device.confirm('open-app', openAppScreens(name));
    if (!approved) return reply(null, SW.OPEN_APP_REFUSED);
    device.switchAppSoon(name);
    return reply(null);
  }
  return reply(null, device.dashboardSw);
}

/**
 * The dashboard's get-version answer, as Ledger Live reads it (`getVersion`): the secure element's
 * target id (4 bytes, big-endian: it names the model), its OS version, the flags, the MCU version,
 * each of the last three behind its length. Only the dashboard answers it; an app does not know E0 01.
 */
function firmwareVersion(profile: DeviceProfile): Buffer {
  const target = Buffer.alloc(4);
  target.writeUInt32BE(LEDGER_MODELS[profile.model].targetId);
  const field = (bytes: Buffer) => Buffer.concat([Buffer.from([bytes.length]), bytes]);
  return Buffer.concat([target, field(Buffer.from(profile.osVersion, 'ascii')), field(Buffer.from([0, 0, 0, 0])), field(Buffer.from(profile.mcuVersion, 'ascii'))]);
}
