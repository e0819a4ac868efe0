import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { canonicalJson } from '../../../shared/bundles/canonical';
import { DeviceTransactionRequestSchema } from '../../../shared/device/schemas';
import { BatchItemSchema, BatchSchema, type Batch, type BatchItem } from '../../../shared/signing/schemas';

/**
 * The seal of a signing journal: an HMAC-SHA256, keyed by the journal key in the OS keychain, over
 * everything the journal holds, written beside it in the same file. A journal edited on disk no
 * longer matches its seal and is refused. So that the refusal can say what changed, the seal also
 * keeps a short tag of every field of the batch and of every item (the transaction's and the
 * signature's fields one by one): the item and the fields whose tags differ are named. The tags
 * only point; the MAC decides.
 */

const SEAL_VERSION = 1;

const Tags = z.string().regex(/^[0-9a-f]*$/).max(8192);
export const JournalSealSchema = z.object({
  version: z.literal(SEAL_VERSION),
  keyId: z.string().max(64),
  mac: z.string().regex(/^[0-9a-f]{64}$/),
  fields: Tags,
  items: z.array(z.object({ id: z.string().max(200), tags: Tags })),
});
export type JournalSeal = z.infer<typeof JournalSealSchema>;

/** One change the seal points at, as read from the file now. */
type SealChange =
  | { kind: 'batch'; field: string }
  | { kind: 'item'; index: number; id: string; label: string; step: string; fields: string[] }
  | { kind: 'added'; index: number; id: string; label: string; step: string }
  | { kind: 'removed'; id: string }
  | { kind: 'reordered' }
  /** The MAC differs but no tag says where: the seal itself was edited. */
  | { kind: 'seal' };

const TAG_HEX = 8;
const BATCH_FIELDS = Object.keys(BatchSchema.shape)
  .filter((k) => k !== 'items')
  .sort();
/** The fields of the transaction and of its signed bytes are tagged one by one: those name an attack. */
const EXPANDED = {
  tx: Object.keys(DeviceTransactionRequestSchema.shape),
  signed: Object.keys(BatchItemSchema.shape.signed.unwrap().shape),
} as const;
const ITEM_FIELDS = [
  ...Object.keys(BatchItemSchema.shape),
  ...Object.entries(EXPANDED).flatMap(([parent, subs]) => subs.map((s) => `${parent}.${s}`)),
].sort();

function valueAt(item: Record<string, unknown>, field: string): unknown {
  const [head, sub] = field.split('.') as [string, string | undefined];
  const value = item[head];
  if (sub === undefined) return value;
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[sub] : undefined;
}

function digest(key: Uint8Array, scope: string, field: string, value: unknown): Buffer {
  // Absent and null are told apart: a field removed is a change.
  const text = value === undefined ? 'absent' : `=${canonicalJson(value)}`;
  return createHmac('sha256', key).update(`${scope}\0${field}\0${text}`, 'utf8').digest();
}

/** The digests of the batch's fields, and of each item's fields (one after the other, 32 bytes each, in ITEM_FIELDS order). */
interface Digests {
  batch: Buffer[];
  items: { id: string; digests: Buffer }[];
}

/**
 * An item's digests by its JSON text: a journal is written again at every step of a batch, and a
 * step changes one item, so the others' digests are taken from here rather than computed again.
 */
export type DigestCache = Map<string, { json: string; digests: Buffer }>;

function itemDigests(item: BatchItem, key: Uint8Array): Buffer {
  return Buffer.concat(ITEM_FIELDS.map((f) => digest(key, 'item', f, valueAt(item as unknown as Record<string, unknown>, f))));
}

function digestsOf(batch: Batch, key: Uint8Array, cache?: DigestCache): Digests {
  const top = batch as unknown as Record<string, unknown>;
  return {
    batch: BATCH_FIELDS.map((f) => digest(key, 'batch', f, top[f])),
    items: batch.items.map((item) => {
      if (!cache) return { id: item.id, digests: itemDigests(item, key) };
      const json = JSON.stringify(item);
      const known = cache.get(item.id);
      if (known?.json === json) return { id: item.id, digests: known.digests };
      const digests = itemDigests(item, key);
      cache.set(item.id, { json, digests });
      return { id: item.id, digests };
    }),
  };
}

/** The MAC over every digest, in order: each item's id (length-prefixed) before its fields. */
function macOf(key: Uint8Array, d: Digests): Buffer {
  const mac = createHmac('sha256', key).update(`vaultdesk signing journal v${SEAL_VERSION}\0${d.batch.length}\0${ITEM_FIELDS.length}\0`, 'utf8');
  for (const b of d.batch) mac.update(b);
  mac.update(`\0${d.items.length}\0`, 'utf8');
  for (const item of d.items) {
    mac.update(`${Buffer.byteLength(item.id, 'utf8')}:${item.id}\0`, 'utf8');
    mac.update(item.digests);
  }
  return mac.digest();
}

const DIGEST = 32;
/** The first bytes of each 32-byte digest, as hex. */
function tagsOf(digests: Buffer | Buffer[]): string {
  const all = Array.isArray(digests) ? Buffer.concat(digests) : digests;
  let out = '';
  for (let at = 0; at < all.length; at += DIGEST) out += all.toString('hex', at, at + TAG_HEX / 2);
  return out;
}
const tagAt = (tags: string, i: number) => tags.slice(i * TAG_HEX, (i + 1) * TAG_HEX);

/** The seal of a batch; `cache` (one per batch and key) spares the items unchanged since the last seal. */
export function sealBatch(batch: Batch, keyId: string, key: Uint8Array, cache?: DigestCache): JournalSeal {
  const d = digestsOf(batch, key, cache);
  return {
    version: SEAL_VERSION,
    keyId,
    mac: macOf(key, d).toString('hex'),
    fields: tagsOf(d.batch),
    items: d.items.map((i) => ({ id: i.id, tags: tagsOf(i.digests) })),
  };
}

/** What differs from what was sealed: nothing when the journal is as this install wrote it. */
export function checkSeal(batch: Batch, seal: JournalSeal, key: Uint8Array): SealChange[] {
  const d = digestsOf(batch, key);
  const sealed = Buffer.from(seal.mac, 'hex');
  const mac = macOf(key, d);
  if (sealed.length === mac.length && timingSafeEqual(sealed, mac)) return [];
  const changes: SealChange[] = [];
  BATCH_FIELDS.forEach((field, i) => {
    if (tagAt(seal.fields, i) !== tagAt(tagsOf(d.batch), i)) changes.push({ kind: 'batch', field });
  });
  const sealedItems = new Map(seal.items.map((i) => [i.id, i.tags]));
  const present = new Set(batch.items.map((i) => i.id));
  for (const { id } of seal.items) if (!present.has(id)) changes.push({ kind: 'removed', id });
  const kept = batch.items.filter((i) => sealedItems.has(i.id)).map((i) => i.id);
  const sealedOrder = seal.items.filter((i) => present.has(i.id)).map((i) => i.id);
  if (kept.join('\0') !== sealedOrder.join('\0')) changes.push({ kind: 'reordered' });
  batch.items.forEach((item, index) => {
    const who = { index, id: item.id, label: item.label, step: item.step };
    const tags = sealedItems.get(item.id);
    if (tags === undefined) return changes.push({ kind: 'added', ...who });
    const mine = tagsOf(d.items[index]!.digests);
    const differing = ITEM_FIELDS.filter((_, i) => tagAt(tags, i) !== tagAt(mine, i));
    // Name the transaction's own fields rather than the transaction as a whole.
    const fields = differing.filter((f) => !(f in EXPANDED && differing.some((g) => g.startsWith(`${f}.`))));
    if (fields.length > 0) changes.push({ kind: 'item', ...who, fields });
  });
  return changes.length > 0 ? changes : [{ kind: 'seal' }];
}

/** Words for the fields an attack changes, beside their names. */
const FIELD_WORDS: Record<string, string> = {
  'tx.data': 'its calldata',
  'tx.to': 'the contract it calls',
  'tx.value': 'the ether it sends',
  'tx.nonce': 'its nonce',
  'tx.chainId': 'its chain',
  'tx.gas': 'its gas limit',
  'tx.maxFeePerGas': 'its max fee',
  'tx.maxPriorityFeePerGas': 'its priority fee',
  'signed.serialized': 'its signed bytes',
  'signed.hash': 'the hash of its signed bytes',
  wallet: 'its wallet',
  path: 'its Ledger path',
  state: 'its state',
  step: 'its step',
  dependsOn: 'the approval it waits for',
  message: 'its agreement text',
  signature: 'its signature',
  hash: 'its transaction hash',
  resignAllowed: 'the leave to sign its nonce again',
  selection: 'the operation chosen (action, amounts, approvals)',
  vault: 'the vault',
};
const named = (field: string) => (FIELD_WORDS[field] ? `${field} (${FIELD_WORDS[field]})` : field);

/** One line per change, in the journal's own words (labels and steps as the file holds them now). */
export function describeChanges(changes: readonly SealChange[]): string[] {
  return changes.map((c) => {
    switch (c.kind) {
      case 'batch':
        return `the batch's ${named(c.field)}`;
      case 'item':
        return `item ${c.index + 1} (${c.label} ${c.step}, ${c.id}): ${c.fields.map(named).join(', ')}`;
      case 'added':
        return `item ${c.index + 1} (${c.label} ${c.step}, ${c.id}) was added`;
      case 'removed':
        return `item ${c.id} was removed`;
      case 'reordered':
        return 'the items were put in another order';
      case 'seal':
        return 'its seal';
    }
  });
}
