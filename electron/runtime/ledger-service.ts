/**
 * Ledger's service in a real install: the source the planner asks for the vault calls' certified
 * descriptors (its address and signature choice from the settings file), and the device the
 * pipeline signs through, each job carrying the certified call it was reviewed with, so that the
 * device service (in this process or Electron's utility process) shows it in clear.
 */
import type { JsonDocument } from '../services/storage/json-document';
import type { Settings } from '../services/settings/settings';
import type { SigningDevice } from '../services/signing/device-delivery';
import { LedgerServiceSource } from '../services/device/ledger-service/service-source';
import { withCertifiedCall, type CarrySource } from '../services/device/ledger-service/carried-call';

/** The source, reading its settings at each plan; an offline install never asks it. */
export function ledgerServiceOf(settings: JsonDocument<Settings>, offline: () => boolean, fetchFn?: typeof fetch): LedgerServiceSource {
  return new LedgerServiceSource({
    config: async () => (await settings.read()).value.ledgerService ?? {},
    offline,
    ...(fetchFn ? { fetch: fetchFn } : {}),
  });
}

/**
 * The device with each transaction carrying the certified call the source accepted for it (none:
 * unchanged): Ledger's service online, the calls of the bundles reviewed here offline.
 */
export function carryingCertifiedCalls(device: SigningDevice, source: CarrySource | undefined): SigningDevice {
  if (!source) return device;
  return {
    ...(device.awaitDevice ? { awaitDevice: device.awaitDevice.bind(device) } : {}),
    signTransaction: (path, request, options) => device.signTransaction(path, withCertifiedCall(request, source), options),
    signPersonalMessage: (...args) => device.signPersonalMessage(...args),
  };
}
