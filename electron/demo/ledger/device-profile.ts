/**
 * Which Ledger the emulator is: its model (the USB product id it enumerates with, the layout of its
 * reviews), the Ethereum app's version and the app settings that add screens to a review.
 */
import { DEFAULT_MODEL, LEDGER_MODELS, type LedgerModel } from '../../../shared/device/models';
import type { AppDisplaySettings, ReviewTarget } from '../../../shared/device/screens';
import { CURRENT_APP_VERSION } from '../../../shared/device/versions';
import type { ConfirmationKind } from '../../../shared/device/state';
import type { EmulatedLedgerOptions, EmulatorEvent, PendingConfirmation } from './device-types';

export interface DeviceProfile extends ReviewTarget {
  model: LedgerModel;
  appVersion: string;
  settings: AppDisplaySettings;
  usbProductId: number;
  /** The OS (secure element) version and the MCU's, as the dashboard's get-version (E0 01) answers. */
  osVersion: string;
  mcuVersion: string;
}

/**
 * The OS the emulator runs per model unless told otherwise (`osVersion`): a recent release line of
 * each, for the device panel to show; no screen depends on it.
 */
const EMULATED_OS_VERSIONS: Readonly<Record<LedgerModel, string>> = {
  nanoS: '2.1.0',
  nanoSP: '1.4.0',
  nanoX: '2.4.1',
  stax: '1.8.1',
  flex: '1.4.1',
  apex: '1.0.0',
};

export function deviceProfile(options: EmulatedLedgerOptions): DeviceProfile {
  const model = options.model ?? DEFAULT_MODEL;
  if (!LEDGER_MODELS[model]) throw new Error(`Unknown Ledger model "${String(model)}": one of ${Object.keys(LEDGER_MODELS).join(', ')}`);
  return {
    model,
    appVersion: options.appVersion ?? CURRENT_APP_VERSION,
    settings: { displayNonce: options.displayNonce ?? false, displayHash: options.displayHash ?? false },
    usbProductId: LEDGER_MODELS[model].usbProductId,
    osVersion: options.osVersion ?? EMULATED_OS_VERSIONS[model],
    mcuVersion: options.mcuVersion ?? '2.30',
  };
}

/** The review on screen now if it is of `kind` (any kind when omitted), else the next one shown. */
export function waitForReview(
  device: { pendingConfirmation: PendingConfirmation | null; subscribe(listener: (event: EmulatorEvent) => void): () => void },
  kind?: ConfirmationKind,
): Promise<PendingConfirmation> {
  const now = device.pendingConfirmation;
  if (now && (!kind || now.kind === kind)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const off = device.subscribe((event) => {
      if (event.type === 'awaiting-confirmation' && (!kind || event.kind === kind)) {
        off();
        resolve({ kind: event.kind, screens: event.screens });
      }
    });
  });
}
