import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeFunctionData } from 'viem';
import { erc20Abi } from '../../../shared/abi';
import { AppError } from '../../../shared/errors';
import { Journal } from '../../../electron/services/signing/journal';
import type { JournalKeys } from '../../../electron/services/secrets/journal-key';
import type { Batch } from '../../../shared/signing/schemas';
import { batchItem, batchOf, TX } from './batch-fixture';
import { fixedJournalKeys } from './journal-keys-fixture';

// The journal's seal (a MAC keyed by the keychain's journal key): a journal edited on disk is
// refused with what changed; one without a seal, or sealed with a key the keychain does not hold,
// is refused; without a keychain nothing is journaled.

const DEAD = '0x000000000000000000000000000000000000dEaD';
let dir: string;
const file = () => path.join(dir, 'journals', 'batch-1.json');

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-seal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A deposit's approval and its depositAA, the approval's bytes signed (as after a crash). */
function deposit(): Batch {
  const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [TX.to as `0x${string}`, 250_500_000n] });
  return batchOf([
    batchItem('001-approve', { step: 'approve', tx: { ...TX, data: approve }, state: 'signed', signed: { serialized: '0x02f8', hash: `0x${'11'.repeat(32)}`, signingHash: `0x${'22'.repeat(32)}`, at: '1970-01-01T00:00:00.000Z' } }),
    batchItem('002-deposit', { step: 'depositAA', tx: { ...TX, nonce: 5 }, dependsOn: '001-approve' }),
  ]);
}

/** Edits the journal file on disk as an attacker with write access to the data folder would. */
async function edit(change: (json: any) => void): Promise<void> {
  const json = JSON.parse(await readFile(file(), 'utf8'));
  change(json);
  await writeFile(file(), JSON.stringify(json, null, 2));
}

async function refusal(journal: Journal): Promise<AppError> {
  try {
    await journal.read('batch-1');
  } catch (err) {
    return err as AppError;
  }
  throw new Error('the journal was accepted');
}

describe('the journal seal', () => {
  it('a journal as written reads back whole, and its file holds the seal but never the key', async () => {
    const keys = fixedJournalKeys();
    const journal = new Journal(dir, keys);
    const batch = deposit();
    await journal.write(batch);
    expect(await journal.read('batch-1')).toEqual(batch);
    const text = await readFile(file(), 'utf8');
    expect(JSON.parse(text).seal).toMatchObject({ version: 1, keyId: keys.id, mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(text).not.toContain(Buffer.from((await keys.current()).key).toString('hex'));
    // Written again after a step (one item changed): still its own.
    batch.items[1]!.state = 'on-device';
    await journal.write(batch);
    expect((await new Journal(dir, keys).read('batch-1')).items[1]!.state).toBe('on-device');
  });

  it("an approval's calldata edited on disk to approve(0x…dEaD, 2^256 − 1) is refused, naming the item and the field", async () => {
    const journal = new Journal(dir, fixedJournalKeys());
    await journal.write(deposit());
    await edit((j) => {
      j.items[0].tx.data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEAD, (1n << 256n) - 1n] });
    });
    const err = await refusal(journal);
    expect(err).toMatchObject({ code: 'SIGNING_JOURNAL_TAMPERED', action: expect.stringMatching(/block explorer/) });
    expect(err.message).toContain('The journal of batch batch-1 (journals/batch-1.json) was changed outside Vaultdesk');
    expect(err.message).toContain('item 1 (W0 approve, 001-approve): tx.data (its calldata)');
    expect(err.message).toContain('nothing of it is signed or sent');
    // The file is left where it was, for the operator to look at.
    expect(await readdir(path.join(dir, 'journals'))).toEqual(['batch-1.json']);
  });

  it('signed bytes, a nonce, a wallet, a state, the batch\'s selection: each change is named', async () => {
    const journal = new Journal(dir, fixedJournalKeys());
    await journal.write(deposit());
    await edit((j) => {
      j.items[0].signed.serialized = '0x02f9';
      j.items[1].tx.nonce = 9;
      j.items[1].wallet = DEAD;
      j.items[1].state = 'confirmed';
      j.selection.approval = 'unlimited';
    });
    const err = await refusal(journal);
    expect(err.message).toContain("the batch's selection (the operation chosen (action, amounts, approvals))");
    expect(err.message).toContain('item 1 (W0 approve, 001-approve): signed.serialized (its signed bytes)');
    expect(err.message).toContain('item 2 (W0 depositAA, 002-deposit): state (its state), tx.nonce (its nonce), wallet (its wallet)');
  });

  it('items removed, added or put in another order are named', async () => {
    const journal = new Journal(dir, fixedJournalKeys());
    await journal.write(deposit());
    await edit((j) => j.items.reverse());
    expect((await refusal(journal)).message).toContain('the items were put in another order');
    await journal.write(deposit());
    await edit((j) => {
      j.items[1].id = '003-other';
    });
    const err = await refusal(journal);
    expect(err.message).toContain('item 002-deposit was removed');
    expect(err.message).toContain('item 2 (W0 depositAA, 003-other) was added');
  });

  it('a journal without a seal (an older version, or its seal removed) is refused, saying to check the wallets and plan again', async () => {
    const journal = new Journal(dir, fixedJournalKeys());
    await journal.write(deposit());
    await edit((j) => delete j.seal);
    const err = await refusal(journal);
    expect(err).toMatchObject({ code: 'SIGNING_JOURNAL_UNSEALED', message: expect.stringContaining('has no seal'), action: expect.stringContaining('plan the operation again') });
    // Listed as refused, with what the file says.
    const inspected = await journal.inspect('batch-1');
    expect(inspected.refusal?.code).toBe('SIGNING_JOURNAL_UNSEALED');
    expect(inspected.batch.items).toHaveLength(2);
  });

  it('a seal by a key this keychain does not hold is refused; one by an older key it holds is checked with that key', async () => {
    await new Journal(dir, fixedJournalKeys(7)).write(deposit());
    expect(await refusal(new Journal(dir, fixedJournalKeys(9)))).toMatchObject({ code: 'SIGNING_JOURNAL_KEY_MISSING' });
    // The folder's key changed (it moved), the old key is still in the keychain: the journal is its own.
    const old = fixedJournalKeys(7);
    const moved = fixedJournalKeys(9, { [old.id]: (await old.current()).key });
    expect((await new Journal(dir, moved).read('batch-1')).items).toHaveLength(2);
  });

  it('a seal edited to another MAC is refused as such', async () => {
    const journal = new Journal(dir, fixedJournalKeys());
    await journal.write(deposit());
    await edit((j) => {
      j.seal.mac = '0'.repeat(64);
    });
    expect((await refusal(journal)).message).toContain('Changed: its seal.');
  });

  it('without a keychain nothing is journaled, and a journal cannot be opened: each says so', async () => {
    const unavailable = new AppError({ code: 'SIGNING_JOURNAL_KEY_UNAVAILABLE', message: 'The signing journal cannot be sealed or checked: no Secret Service.' });
    const none: JournalKeys = { current: async () => Promise.reject(unavailable), find: async () => Promise.reject(unavailable) };
    await expect(new Journal(dir, none).write(deposit())).rejects.toMatchObject({ code: 'SIGNING_JOURNAL_KEY_UNAVAILABLE' });
    expect(await readdir(dir)).toEqual([]);
    await new Journal(dir, fixedJournalKeys()).write(deposit());
    expect((await new Journal(dir, none).inspect('batch-1')).refusal?.code).toBe('SIGNING_JOURNAL_KEY_UNAVAILABLE');
  });
});
