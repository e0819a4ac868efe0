import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { protocolErrorAbi } from '../../../shared/abi/errors';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeErrorResult,
  keccak256,
  serializeTransaction,
  toFunctionSelector,
  type Hex,
} from 'viem';
import { epochQueueAbi, epochVaultAbi, erc20Abi } from '../../../shared/abi';
import { reportCsv } from '../../../electron/services/signing/csv';
import { buildDraft } from '../../../electron/services/signing/drafts';
import { revertReason } from '../../../electron/services/signing/broadcast';
import { Journal } from '../../../electron/services/signing/journal';
import { fixedJournalKeys } from './journal-keys-fixture';
import { redraft } from '../../../electron/services/signing/redraft';
import { toViemTransaction } from '../../../electron/services/device';
import { countItems } from '../../../shared/signing/counts';
import { newBatchItem } from '../../../shared/signing/item';
import { batchOf, draftApproval, draftDepositClaim, FEES, VAULT } from './batch-fixture';
import { transactionReview } from './review-fixture';
import { describeRevert } from '../../../shared/signing/reverts';
import type { BatchItem } from '../../../shared/signing/schemas';

describe('drafts and reviews', () => {
  const approve = draftApproval(7);

  it('encodes the call from the shared ABI, to the token, with the spender resolved', () => {
    expect(approve.tx).toMatchObject({
      type: 'eip1559',
      chainId: 31337,
      nonce: 7,
      to: VAULT.underlying.address,
      value: '0',
      gas: '60000',
      maxFeePerGas: '2000000000',
    });
    const decoded = decodeFunctionData({ abi: erc20Abi, data: approve.tx.data as Hex });
    expect(decoded).toMatchObject({ functionName: 'approve', args: [VAULT.epochVault, 250_500_000n] });
  });

  it('reviews the call with named arguments, human amounts, the spender by role, and the max fee', () => {
    const review = approve.review;
    expect(review.title).toBe('Approve 250.5 USDC to the Alpha Credit USDC epoch vault');
    expect(review.args).toEqual([
      { name: 'spender', type: 'address', value: VAULT.epochVault, display: `Alpha Credit USDC epoch vault (${VAULT.epochVault})` },
      { name: 'amount', type: 'uint256', value: '250500000', display: '250.5 USDC' },
    ]);
    expect(review.spender).toEqual({ role: 'epochVault', address: VAULT.epochVault });
    expect(review.fees).toMatchObject({ maxFeeWei: '120000000000000', maxFeeDisplay: '0.00012 ETH' });
  });

  it('shows exactly what the device displays in blind mode: the contract and the hash of the unsigned transaction', () => {
    const hash = keccak256(serializeTransaction(toViemTransaction(approve.tx)));
    expect(approve.review.signingHash).toBe(hash);
    expect(approve.review.deviceScreens).toEqual([
      { title: 'Blind signing ahead' },
      { title: 'Review transaction' },
      { title: 'To', value: VAULT.underlying.address },
      { title: 'Max fees', value: '0.00012 ???' },
      { title: 'Network', value: '31337' },
      { title: 'Tx hash', value: hash },
      { title: 'Accept risk and sign transaction' },
      { title: 'Reject transaction' },
    ]);
  });

  it('says an unlimited approval is unlimited', () => {
    const unlimited = buildDraft({
      vault: VAULT,
      step: {
        kind: 'transaction',
        step: 'approve',
        contract: 'tranche',
        functionName: 'approve',
        args: ['queue', (1n << 256n) - 1n],
        amount: { token: 'tranche', value: (1n << 256n) - 1n },
        spender: 'queue',
        requestId: null,
      },
      nonce: 0,
      fees: FEES,
      gas: { gas: 60_000n, estimated: true },
    });
    expect(unlimited.review.title).toBe('Approve unlimited AA_alpha to the Alpha Credit USDC queue');
  });

  it('names a redeem’s tranche argument and a claim’s epoch', () => {
    const redeem = buildDraft({
      vault: VAULT,
      step: {
        kind: 'transaction',
        step: 'redeem',
        contract: 'epochVault',
        functionName: 'requestWithdraw',
        args: [5n * 10n ** 18n, 'tranche'],
        amount: { token: 'tranche', value: 5n * 10n ** 18n },
        spender: null,
        requestId: null,
      },
      nonce: 1,
      fees: FEES,
      gas: { gas: 200_000n, estimated: false },
    });
    expect(decodeFunctionData({ abi: epochVaultAbi, data: redeem.tx.data as Hex }).args).toEqual([5n * 10n ** 18n, VAULT.tranche.address]);
    expect(redeem.review.args[0]).toMatchObject({ display: '5 AA_alpha' });
    expect(redeem.review.fees.gasEstimated).toBe(false);
    const claim = draftDepositClaim();
    expect(claim.review.title).toBe('Claim the deposit of epoch 3 (7 USDC)');
    expect(decodeFunctionData({ abi: epochQueueAbi, data: claim.tx.data as Hex }).args).toEqual([3n]);
  });

  it('a new nonce rebuilds the hash and the device screens', () => {
    const item = itemWith({ tx: structuredClone(approve.tx), review: structuredClone(approve.review) });
    redraft(item, { nonce: 8, fees: FEES, gas: { gas: 60_000n, estimated: true } });
    expect(item.tx!.nonce).toBe(8);
    const review = item.review!;
    if (review.kind !== 'transaction') throw new Error('not a transaction');
    expect(review.signingHash).not.toBe(approve.review.signingHash);
    expect(review.deviceScreens.at(-3)).toEqual({ title: 'Tx hash', value: review.signingHash });
  });
});

describe('revert reasons', () => {
  it.each(['NotAllowed', 'EpochNotRunning', 'EpochRunning', 'Is0', 'ContractLimitReached', 'WrongRequest'])('decodes the custom error %s', (name) => {
    const data = encodeErrorResult({ abi: protocolErrorAbi, errorName: name });
    expect(revertReason(data)).toBe(name);
    expect(describeRevert(name).message).toContain(name);
  });

  it.each([
    ['Pausable: paused', 'The vault is paused.'],
    ['ERC20: insufficient allowance', 'The token allowance is too low for this call.'],
    ['ERC20: transfer amount exceeds balance', 'The wallet\u2019s token balance is too low for this call.'],
  ])('decodes the revert string "%s"', (text, message) => {
    const data = (toFunctionSelector('Error(string)') + encodeAbiParameters([{ type: 'string' }], [text]).slice(2)) as Hex;
    expect(revertReason(data)).toBe(text);
    expect(describeRevert(text)).toMatchObject({ code: 'TX_REVERTED', message });
  });

  it('decodes the OpenZeppelin v5 ERC-20 errors', () => {
    const data = (toFunctionSelector('ERC20InsufficientAllowance(address,uint256,uint256)') +
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }], [VAULT.queue as Hex, 0n, 5n]).slice(2)) as Hex;
    expect(revertReason(data)).toBe('ERC20InsufficientAllowance');
  });

  it('says so when the reason is unknown or missing', () => {
    expect(revertReason('0xdeadbeef')).toBeNull();
    expect(revertReason('0x')).toBeNull();
    expect(describeRevert(null).message).toBe('The transaction reverted without a reason.');
  });
});

function itemWith(patch: Partial<BatchItem>): BatchItem {
  const wallet = '0xdD2FD4581271e230360230F9337D5c0430Bf44C0';
  const where = { chainId: 31337, vaultId: 'v1', vaultName: 'Alpha, "the first"' };
  return newBatchItem({ id: '001-abcdef', wallet, label: 'W0', path: "44'/60'/0'/0/10", ...where, action: 'deposit' }, { step: 'approve', ...patch });
}


const tx = {
  type: 'eip1559' as const,
  chainId: 31337,
  nonce: 4,
  to: VAULT.queue!,
  value: '0',
  data: '0x',
  gas: '1',
  maxFeePerGas: '1',
  maxPriorityFeePerGas: '1',
};
const signed = { serialized: '0x02', hash: `0x${'ab'.repeat(32)}`, signingHash: `0x${'cd'.repeat(32)}`, at: new Date(0).toISOString() };

describe('batch counts and the CSV report', () => {
  const items = [
    itemWith({
      id: 'a',
      state: 'confirmed',
      tx,
      signed,
      hash: signed.hash,
      receipt: { blockNumber: '5', status: 'success', gasUsed: '21000' },
      review: transactionReview({
        title: 'Approve 250.000001 USDC to the queue',
        contract: { role: 'underlying', name: 'USDC', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
        functionName: 'approve',
        amount: { symbol: 'USDC', decimals: 6, baseUnits: '250000001', display: '250.000001 USDC' },
        nonce: 4,
        fees: { gas: '1', maxFeePerGas: '1', maxPriorityFeePerGas: '1', maxFeeWei: '1', maxFeeDisplay: '0 ETH', gasEstimated: true },
        blindSigning: true,
        signingHash: signed.signingHash,
      }),
      history: [
        { at: '2026-11-24T10:00:00.000Z', state: 'on-device', note: null },
        { at: '2026-11-24T10:00:05.000Z', state: 'signed', note: null },
        { at: '2026-11-24T10:00:06.000Z', state: 'broadcast', note: null },
        { at: '2026-11-24T10:00:09.000Z', state: 'confirmed', note: null },
      ],
    }),
    itemWith({ id: 'b', state: 'broadcast', tx: { ...tx, nonce: 5 }, signed, hash: signed.hash }),
    itemWith({ id: 'c', state: 'signed', tx: { ...tx, nonce: 6 }, signed }),
    itemWith({
      id: 'd',
      state: 'failed',
      tx: { ...tx, nonce: 7 },
      signed,
      hash: signed.hash,
      receipt: { blockNumber: '6', status: 'reverted', gasUsed: '30000' },
      reason: 'The vault is paused.',
    }),
    itemWith({ id: 'e', state: 'waiting', tx: { ...tx, nonce: 8 } }),
    itemWith({ id: 'f', state: 'skipped', step: 'none', reason: 'The vault does not allow this wallet (KYC not completed).' }),
  ];

  it('counts what was planned, signed, sent, confirmed, failed and skipped', () => {
    expect(countItems(items)).toEqual({ planned: 5, signed: 4, broadcast: 3, confirmed: 1, failed: 1, skipped: 1, held: 0 });
  });

  it('writes one row per item: what was planned, when it was signed, sent and confirmed, and in which block', () => {
    const csv = reportCsv(batchOf(items));
    const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true });
    expect(parsed.meta.fields).toEqual(
      'wallet label vault action step contract function amount symbol nonce hash state signed_at sent_at confirmed_at block gas_used reason batch'.split(' '),
    );
    expect(parsed.data).toHaveLength(items.length);
    expect(parsed.data[0]).toEqual({
      wallet: items[0]!.wallet,
      label: 'W0',
      vault: 'Alpha, "the first"',
      action: 'deposit',
      step: 'approve',
      contract: 'USDC 0x5FbDB2315678afecb367f032d93F642f64180aa3',
      function: 'approve',
      // Exact to the token's last decimal.
      amount: '250.000001',
      symbol: 'USDC',
      nonce: '4',
      hash: signed.hash,
      state: 'confirmed',
      signed_at: signed.at,
      sent_at: '2026-11-24T10:00:06.000Z',
      confirmed_at: '2026-11-24T10:00:09.000Z',
      block: '5',
      gas_used: '21000',
      reason: '',
      // An unnamed batch (planned before names existed): an empty name.
      batch: '',
    });
    expect(parsed.data[3]).toMatchObject({ nonce: '7', hash: signed.hash, state: 'failed', block: '6', confirmed_at: '', reason: 'The vault is paused.' });
    expect(parsed.data[5]).toMatchObject({ step: '', nonce: '', hash: '', state: 'skipped', signed_at: '', reason: 'The vault does not allow this wallet (KYC not completed).' });
  });
});

describe('the journal', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-journal-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes one versioned file per batch and reads it back', async () => {
    const journal = new Journal(dir, fixedJournalKeys());
    const batch = batchOf([itemWith({ state: 'signed', tx, signed })]);
    await journal.write(batch);
    expect(await journal.ids()).toEqual(['batch-1']);
    expect(await journal.read('batch-1')).toEqual(batch);
    expect(await readdir(path.join(dir, 'journals'))).toEqual(['batch-1.json']);
  });

  it('keeps a corrupt journal aside and says to check the wallets before signing again', async () => {
    const journal = new Journal(dir, fixedJournalKeys());
    await journal.write(batchOf([itemWith({})]));
    await writeFile(path.join(dir, 'journals', 'batch-1.json'), '{"schemaVersion": 1, "id": "batch-1", "items": [');
    await expect(journal.read('batch-1')).rejects.toMatchObject({
      code: 'SIGNING_JOURNAL_CORRUPT',
      action: expect.stringMatching(/block explorer/),
    });
    expect((await readdir(path.join(dir, 'journals'))).some((n) => n.includes('.corrupt-'))).toBe(true);
  });

  it('refuses ids that are not batch ids and reports a missing batch', async () => {
    const journal = new Journal(dir, fixedJournalKeys());
    await expect(journal.read('../settings')).rejects.toMatchObject({ code: 'SIGNING_BATCH_NOT_FOUND' });
    await expect(journal.read('batch-none')).rejects.toMatchObject({ code: 'SIGNING_BATCH_NOT_FOUND' });
    expect(await journal.ids()).toEqual([]);
  });
});
