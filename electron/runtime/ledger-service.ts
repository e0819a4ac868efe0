/**
 * Ledger's service in a real install: the source the planner asks for the vault calls' certified
 * descriptors (its address and signature choice from the settings file), and the device the
 * pipeline signs through, each job carrying the certified call it was reviewed with, so that the
 * device service (in this process or Electron's utility process) shows it in clear.
 */
import { AppError } from '../../shared/errors';
import type { JsonDocument } from '../services/storage/json-document';
import type { Settings } from '../services/settings/settings';
import type { SigningDevice } from '../services/signing/device-delivery';
import { LedgerServiceSource } from '../services/device/ledger-service/service-source';
import { approvalOf, toViemTransaction } from '../services/device/transaction';
import type { DeviceTransactionRequest } from '../../shared/device/state';
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
    signTransaction: (path, request, options) => {
      const carrying = withCertifiedCall(request, source);
      // A call reviewed in clear whose certified description is no longer held (the app restarted
      // since the plan or the bundle's import) would reach the device blind, showing a hash the
      // review never showed: it waits instead, and nothing is signed.
      if (options?.reviewedInClear && !carrying.certified && !isApproval(request)) throw clearDataMissing();
      return device.signTransaction(path, carrying, options);
    },
    signPersonalMessage: (...args) => device.signPersonalMessage(...args),
  };
}

/** An ERC-20 approval is shown in clear from its token's information, never from a carried call. */
const isApproval = (request: DeviceTransactionRequest) => approvalOf(toViemTransaction(request)) !== null;

function clearDataMissing(): AppError {
  return new AppError({
    code: 'SIGNING_CLEAR_DATA_MISSING',
    message:
      'This call was reviewed as the Ledger shows it in clear, but its certified description is no longer held (Vaultdesk restarted since the plan was made or the bundle imported). Nothing was sent to the device.',
    action: 'Open the bundle again (offline) or plan again (online) to load its description, then press Resume.',
  });
}
