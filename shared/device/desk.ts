/**
 * A desk with several Ledgers: each one present on USB, and which device signs for which wallet
 * group. A device is known by its USB serial number where the platform gives one that tells it
 * apart, else by its HID path, which changes when it is plugged in again (or into another port).
 */
import { z } from 'zod';
import { LedgerModelSchema, DeviceStateSchema } from './schemas';
import { modelName } from './models';

/**
 * The serial number every Ledger reports over USB: it tells no two devices apart, so a device
 * reporting it is bound by its path.
 */
export const COMMON_LEDGER_SERIAL = '0001';

export const LedgerListingSchema = z.object({
  /** The console's name for the device while it runs (not kept). */
  id: z.string(),
  /** Its HID path now (null while it is off USB). */
  path: z.string().nullable(),
  serialNumber: z.string().optional(),
  /** Whether its serial number tells it apart from every other Ledger (not Ledger's common "0001", not shared). */
  serialIdentifies: z.boolean(),
  present: z.boolean(),
  state: DeviceStateSchema,
  /** What it said it is, as last read (kept through a review, a lock or an app switch). */
  model: LedgerModelSchema.optional(),
  appVersion: z.string().optional(),
  osVersion: z.string().optional(),
});
export type LedgerListing = z.infer<typeof LedgerListingSchema>;

/** Which device a job is for: by serial number when it identifies the device, else by path. */
export const LedgerSelectorSchema = z.union([z.object({ serialNumber: z.string().min(1).max(128) }).strict(), z.object({ path: z.string().min(1).max(512) }).strict()]);
export type LedgerSelector = z.infer<typeof LedgerSelectorSchema>;

/** A wallet group's device, with what it was when bound (for the messages while it is away). */
export const LedgerBindingSchema = z.object({
  groupId: z.string().min(1).max(40),
  device: LedgerSelectorSchema,
  model: LedgerModelSchema.optional(),
  boundAt: z.string(),
});
export type LedgerBinding = z.infer<typeof LedgerBindingSchema>;

/** The selector to bind a listed device by: its serial when that identifies it, else its path. */
export function selectorOf(listing: LedgerListing): LedgerSelector | null {
  if (listing.serialIdentifies && listing.serialNumber) return { serialNumber: listing.serialNumber };
  return listing.path ? { path: listing.path } : null;
}

export function selects(selector: LedgerSelector, listing: LedgerListing): boolean {
  if ('serialNumber' in selector) return listing.serialIdentifies && listing.serialNumber === selector.serialNumber;
  return listing.path === selector.path;
}

/** "Ledger Nano X, serial 4F2A…" or "Ledger Nano X at /dev/hidraw4", for messages and the binding list. */
export function describeLedger(selector: LedgerSelector, model?: z.infer<typeof LedgerModelSchema>): string {
  const name = model ? modelName(model) : 'Ledger';
  return 'serialNumber' in selector ? `${name}, serial ${selector.serialNumber}` : `${name} at ${selector.path}`;
}

/** The desk as the Settings screen shows it: the Ledgers on USB, the groups and their bindings. */
export const LedgerDeskViewSchema = z.object({
  /** False where the Ledger host has no desk (a host built with one device service only): one Ledger at a time there. */
  available: z.boolean(),
  devices: z.array(LedgerListingSchema),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  bindings: z.array(LedgerBindingSchema.extend({ groupName: z.string(), present: z.boolean() })),
});
export type LedgerDeskView = z.infer<typeof LedgerDeskViewSchema>;

/** Binds a group to a listed device (by the console's id for it now), or unbinds it (`deviceId` null). */
export const BindLedgerInput = z.object({ groupId: z.string().min(1).max(40), deviceId: z.string().max(40).nullable() }).strict();
