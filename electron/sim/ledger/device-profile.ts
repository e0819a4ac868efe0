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
}

export function deviceProfile(options: EmulatedLedgerOptions): DeviceProfile {
  const model = options.model ?? DEFAULT_MODEL;
  if (!LEDGER_MODELS[model]) throw new Error(`Unknown Ledger model "${String(model)}": one of ${Object.keys(LEDGER_MODELS).join(', ')}`);
  return {
    model,
    appVersion: options.appVersion ?? CURRENT_APP_VERSION,
    settings: { displayNonce: options.displayNonce ?? false, displayHash: options.displayHash ?? false },
    usbProductId: LEDGER_MODELS[model].usbProductId,
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
