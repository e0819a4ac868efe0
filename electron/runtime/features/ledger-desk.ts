/**
 * The desk's Ledgers and the wallet groups' bindings to them, for Settings: which devices are on
 * USB, and binding a group to one (by its serial number when it identifies the device, else by its
 * path, which the view says changes on another port).
 */
import { AppError } from '../../../shared/errors';
import { selectorOf, selects, type LedgerDeskView } from '../../../shared/device/desk';
import type { LedgerBindings } from '../../services/device/ledger-bindings';
import { WalletDevices, type LedgerDesk } from '../../services/device/wallet-devices';
import type { WalletBook } from '../../services/wallets/wallet-book';
import type { DeviceHost } from '../device-host';

export async function deskView(host: DeviceHost, bindings: LedgerBindings, book: WalletBook): Promise<LedgerDeskView> {
  const devices = (await host.desk?.listDevices()) ?? [];
  const groups = book.snapshot().groups.map((g) => ({ id: g.id, name: g.name }));
  const bound = (await bindings.list()).flatMap((b) => {
    const group = groups.find((g) => g.id === b.groupId);
    return group ? [{ ...b, groupName: group.name, present: devices.some((d) => selects(b.device, d)) }] : [];
  });
  return { available: Boolean(host.desk), devices, groups, bindings: bound };
}

export async function bindLedger(host: DeviceHost, bindings: LedgerBindings, book: WalletBook, groupId: string, deviceId: string | null): Promise<LedgerDeskView> {
  if (!book.snapshot().groups.some((g) => g.id === groupId)) {
    throw new AppError({ code: 'LEDGER_GROUP_UNKNOWN', message: 'That wallet group no longer exists.', action: 'Reload Settings and choose a group from the list.' });
  }
  if (deviceId === null) {
    await bindings.bind(groupId, null);
  } else {
    const device = (await host.desk?.listDevices())?.find((d) => d.id === deviceId);
    const selector = device ? selectorOf(device) : null;
    if (!device || !selector) {
      throw new AppError({ code: 'DEVICE_LEDGER_ABSENT', message: 'That Ledger is no longer connected.', action: 'Plug it in, then choose it again.' });
    }
    await bindings.bind(groupId, selector, device.model);
  }
  return deskView(host, bindings, book);
}

/** The host's desk; a host with none (a test's) has its one device with no listing (nothing is bound there). */
function deskOf(host: DeviceHost): LedgerDesk {
  if (host.desk) return host.desk;
  return {
    listDevices: () => [],
    subscribeDevices: () => () => undefined,
    signTransaction: (path, request, options) => host.service.signTransaction(path, request, { ...(options?.expectedAddress ? { expectedAddress: options.expectedAddress } : {}) }),
    signPersonalMessage: (path, message, options) =>
      host.service.signPersonalMessage(path, message, { ...(options?.expectedAddress ? { expectedAddress: options.expectedAddress } : {}) }),
  };
}

/** The signing pipeline's device: each wallet on its group's Ledger (see `wallet-devices.ts`). */
export function walletDevicesOf(host: () => Promise<DeviceHost>, bindings: () => LedgerBindings, book: () => WalletBook): WalletDevices {
  return new WalletDevices({
    desk: async () => deskOf(await host()),
    bindings: async () => ((await host()).desk ? bindings().list() : []),
    groupsOf: async (address) => {
      const data = book().snapshot();
      const wallet = data.wallets.find((w) => w.address.toLowerCase() === address.toLowerCase());
      return wallet ? data.groups.filter((g) => wallet.groupIds.includes(g.id)).map((g) => ({ id: g.id, name: g.name })) : [];
    },
  });
}
