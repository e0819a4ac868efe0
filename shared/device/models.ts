/**
 * The Ledger models and how each lays out a review. The Ethereum app is built per model: the
 * small-screen models (Nano S, Nano S Plus, Nano X; `SCREEN_SIZE_NANO` in the app's source) and
 * the touchscreen ones (Stax, Flex, Apex; `SCREEN_SIZE_WALLET`) word the same review differently,
 * and the Nanos ran the older BAGL interface until app 1.18.0 (the NBGL one since).
 *
 * The ids are those of `@ledgerhq/devices` (`DeviceModelId`), which the USB transport reports as
 * `deviceModel`, except Flex, which that package calls by its internal name "europa".
 */
export type LedgerModel = 'nanoS' | 'nanoSP' | 'nanoX' | 'stax' | 'flex' | 'apex';

/** Small screen with two buttons, or touchscreen. */
type ScreenLayout = 'nano' | 'wallet';

interface LedgerModelInfo {
  /** The product's name, as Ledger writes it. */
  readonly productName: string;
  /** The USB product id the device reports with an app open (model byte, then HID + WebUSB interfaces). */
  readonly usbProductId: number;
  readonly layout: ScreenLayout;
  /** The target id the dashboard's get-version (E0 01) answers with (`masks` in `@ledgerhq/devices`, SE target). */
  readonly targetId: number;
}

export const LEDGER_MODELS: Readonly<Record<LedgerModel, LedgerModelInfo>> = {
  nanoS: { productName: 'Ledger Nano S', usbProductId: 0x1011, layout: 'nano', targetId: 0x31100004 },
  nanoX: { productName: 'Ledger Nano X', usbProductId: 0x4011, layout: 'nano', targetId: 0x33000004 },
  nanoSP: { productName: 'Ledger Nano S Plus', usbProductId: 0x5011, layout: 'nano', targetId: 0x33100004 },
  stax: { productName: 'Ledger Stax', usbProductId: 0x6011, layout: 'wallet', targetId: 0x33200004 },
  flex: { productName: 'Ledger Flex', usbProductId: 0x7011, layout: 'wallet', targetId: 0x33300004 },
  apex: { productName: 'Ledger Nano Gen5', usbProductId: 0x8011, layout: 'wallet', targetId: 0x33400004 },
};

/**
 * The model a prediction assumes before the console knows which device it talks to: a Nano X, the
 * most common Ledger over USB. The review says so.
 */
export const DEFAULT_MODEL: LedgerModel = 'nanoX';

export function isLedgerModel(id: unknown): id is LedgerModel {
  return typeof id === 'string' && Object.prototype.hasOwnProperty.call(LEDGER_MODELS, id);
}

/** The model from the transport's `deviceModel.id` (`@ledgerhq/devices`), or undefined when unknown. */
export function modelFromDeviceModelId(id: string | undefined | null): LedgerModel | undefined {
  if (id === 'europa') return 'flex';
  return isLedgerModel(id) ? id : undefined;
}

/** The model from the target id of the dashboard's get-version answer (its high 16 bits name the model). */
export function modelFromTargetId(targetId: number): LedgerModel | undefined {
  return (Object.keys(LEDGER_MODELS) as LedgerModel[]).find((m) => (LEDGER_MODELS[m].targetId & 0xffff0000) === (targetId & 0xffff0000));
}

export function screenLayout(model: LedgerModel | undefined): ScreenLayout {
  return LEDGER_MODELS[model ?? DEFAULT_MODEL].layout;
}

export function modelName(model: LedgerModel | undefined): string {
  return LEDGER_MODELS[model ?? DEFAULT_MODEL].productName;
}
