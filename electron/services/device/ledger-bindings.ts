/**
 * Which Ledger signs for which wallet group (`ledger-bindings.json` in the data folder). A group
 * without a binding signs on whichever Ledger is connected, as with one device.
 */
import path from 'node:path';
import { z } from 'zod';
import { LedgerBindingSchema, type LedgerBinding, type LedgerSelector } from '../../../shared/device/desk';
import type { LedgerModel } from '../../../shared/device/models';
import { JsonDocument } from '../storage/json-document';

const BindingsFileSchema = z.object({ version: z.literal(1), bindings: z.array(LedgerBindingSchema) });

export class LedgerBindings {
  private readonly doc: JsonDocument<z.infer<typeof BindingsFileSchema>>;

  constructor(dataDir: string) {
    this.doc = new JsonDocument(path.join(dataDir, 'ledger-bindings.json'), BindingsFileSchema, () => ({ version: 1 as const, bindings: [] }));
  }

  async list(): Promise<LedgerBinding[]> {
    return (await this.doc.read()).value.bindings;
  }

  /** Binds a group to a device (replacing its binding), or unbinds it with `device` null. */
  async bind(groupId: string, device: LedgerSelector | null, model?: LedgerModel): Promise<LedgerBinding[]> {
    const others = (await this.list()).filter((b) => b.groupId !== groupId);
    const bindings = device ? [...others, { groupId, device, ...(model ? { model } : {}), boundAt: new Date().toISOString() }] : others;
    await this.doc.write({ version: 1, bindings });
    return bindings;
  }
}
