import type { PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { runnerFor, type RunView } from '../../../electron/services/signing/runners';
import { bundleBroadcastRunner } from '../../../electron/services/signing/runners/bundle-broadcast-runner';
import { offlineSigningRunner } from '../../../electron/services/signing/runners/offline-signing-runner';
import { planRunner } from '../../../electron/services/signing/runners/plan-runner';
import type { Batch, BatchItem } from '../../../shared/signing/schemas';
import { batchItem, batchOf, TX } from './batch-fixture';

// What each runner strategy answers for the questions the batch loop and the operator's actions
// ask, item by item: the loop itself never looks at where the batch came from.

const HASH = `0x${'ab'.repeat(32)}` as const;
const SIGNED = { serialized: '0x02f8', hash: HASH, signingHash: HASH, at: new Date(0).toISOString() };

const item = (id: string, patch: Partial<BatchItem> = {}): BatchItem => batchItem(id, { step: 'approve', ...patch });


/** A chain that knows no transaction and answers the wallet's nonces and the base fee given. */
function chainWith(counts: { latest: number; pending: number; baseFee?: bigint; knows?: boolean }): PublicClient {
  return {
    getTransaction: async () => (counts.knows ? { hash: HASH } : Promise.reject(new Error('not found'))),
    getTransactionReceipt: async () => Promise.reject(new Error('not found')),
    getTransactionCount: async ({ blockTag }: { blockTag: string }) => (blockTag === 'latest' ? counts.latest : counts.pending),
    getBlock: async () => ({ baseFeePerGas: counts.baseFee ?? 1n }),
  } as unknown as PublicClient;
}

function viewOf(batch: Batch, options: { running?: boolean; chain?: PublicClient } = {}): RunView {
  return { batch, watchers: new Map(), running: options.running ?? false, chain: () => options.chain ?? chainWith({ latest: 4, pending: 4 }) };
}

const approvalAndAction = (approval: Partial<BatchItem>, action: Partial<BatchItem> = {}) => {
  const approve = item('001', approval);
  const deposit = item('002', { step: 'depositAA', dependsOn: '001', tx: { ...TX, nonce: 5 }, ...action });
  return { approve, deposit };
};

describe('runnerFor', () => {
  it('picks the runner by the batch origin; a batch without one is a plan made here', () => {
    expect(runnerFor(batchOf([item('001')])).origin).toBe('plan');
    expect(runnerFor(batchOf([item('001')], { kind: 'offline-signing', bundleChecksum: 'sha256:1', fileName: null })).origin).toBe('offline-signing');
    expect(runnerFor(batchOf([item('001')], { kind: 'bundle-broadcast', bundleChecksum: 'sha256:2', unsignedChecksum: 'sha256:1', fileName: null })).origin).toBe(
      'bundle-broadcast',
    );
  });
});

describe('plan runner', () => {
  it('settles confirmed, failed and skipped items; a signed one still has to be sent', () => {
    expect(['confirmed', 'failed', 'skipped'].every((state) => planRunner.settled(item('001', { state: state as BatchItem['state'] })))).toBe(true);
    expect(planRunner.settled(item('001', { state: 'signed', signed: SIGNED }))).toBe(false);
    expect(planRunner.checksBeforeDevice).toBe(true);
  });

  it('signs an action once its approval is confirmed, skips it when the approval failed or was skipped, and pauses until it is mined', async () => {
    for (const [state, expected] of [
      ['confirmed', { kind: 'go' }],
      ['failed', { kind: 'settle', transition: { state: 'skipped', patch: { reason: 'The approve step before it was not confirmed.' }, note: null } }],
      ['skipped', { kind: 'settle', transition: { state: 'skipped', patch: { reason: 'The approve step before it was skipped.' }, note: null } }],
    ] as const) {
      const { approve, deposit } = approvalAndAction({ state });
      expect(await planRunner.beforeSigning(deposit, viewOf(batchOf([approve, deposit])))).toEqual(expected);
    }
    const { approve, deposit } = approvalAndAction({ state: 'broadcast', hash: HASH });
    expect(await planRunner.beforeSigning(deposit, viewOf(batchOf([approve, deposit])))).toMatchObject({
      kind: 'pause',
      error: { code: 'SIGNING_WAITING_FOR_APPROVAL', message: 'The approve step of W0 is not confirmed yet.' },
    });
  });

  it('sends what it signed at once', async () => {
    const signed = item('001', { state: 'signed', signed: SIGNED });
    expect(await planRunner.beforeSending(signed, viewOf(batchOf([signed])))).toEqual({ kind: 'go' });
  });

  it('retries a mined failure with a new signature, an agreement with the same one, and refuses what is settled well', () => {
    const failed = item('001', { state: 'failed', signed: SIGNED, hash: HASH, receipt: { blockNumber: '6', status: 'reverted', gasUsed: '1' } });
    expect(planRunner.retry(failed)).toEqual({
      state: 'waiting',
      patch: { reason: null, error: null, signed: null, hash: null, receipt: null },
      note: `retry asked by the operator (previous ${HASH})`,
    });
    const agreement = item('002', { state: 'failed', step: 'agreement', tx: null, message: { signatureId: 's', text: 't' }, signature: HASH });
    expect(planRunner.retry(agreement)).toMatchObject({ state: 'signed', note: 'retry asked by the operator' });
    expect(planRunner.retry(item('003'))).toBeNull();
    expect(() => planRunner.retry(item('004', { state: 'confirmed' }))).toThrow(expect.objectContaining({ code: 'SIGNING_NOT_RETRYABLE' }));
  });

  it('skips what the chain does not know, discarding unsent bytes, and nothing sent or on the device', async () => {
    const waiting = item('001');
    expect(await planRunner.skip(waiting, viewOf(batchOf([waiting])))).toMatchObject({ state: 'skipped', note: 'skipped by the operator' });
    const signed = item('002', { state: 'signed', signed: SIGNED });
    expect(await planRunner.skip(signed, viewOf(batchOf([signed])))).toEqual({
      state: 'skipped',
      patch: { reason: 'Skipped by the operator.', signed: null },
      note: 'skipped by the operator; its signed bytes were never sent and are discarded',
    });
    await expect(planRunner.skip(signed, viewOf(batchOf([signed]), { running: true }))).rejects.toMatchObject({ code: 'SIGNING_BUSY' });
    await expect(planRunner.skip(signed, viewOf(batchOf([signed]), { chain: chainWith({ latest: 4, pending: 5, knows: true }) }))).rejects.toMatchObject({
      code: 'SIGNING_NOT_SKIPPABLE',
      message: 'This transaction reached the chain: it can no longer be skipped.',
    });
    for (const state of ['broadcast', 'confirmed', 'on-device'] as const) {
      const sent = item('003', { state });
      await expect(planRunner.skip(sent, viewOf(batchOf([sent])))).rejects.toMatchObject({ code: 'SIGNING_NOT_SKIPPABLE' });
    }
  });

  it('re-signs a signature on request, with the guard on its nonce lifted once', () => {
    expect(planRunner.resign(item('001', { state: 'broadcast', signed: SIGNED, hash: HASH }))).toMatchObject({
      state: 'waiting',
      patch: { signed: null, hash: null, resignAllowed: true },
      note: `re-sign asked by the operator (previous ${HASH})`,
    });
    expect(() => planRunner.resign(item('002'))).toThrow(expect.objectContaining({ code: 'SIGNING_NOT_RESIGNABLE' }));
  });
});

describe('offline-signing runner', () => {
  const OFFLINE = { kind: 'offline-signing', bundleChecksum: 'sha256:1', fileName: null } as const;

  it('is done with an item once it is signed, and keeps it: nothing is sent', async () => {
    const signed = item('001', { state: 'signed', signed: SIGNED });
    expect(offlineSigningRunner.settled(signed)).toBe(true);
    expect(offlineSigningRunner.checksBeforeDevice).toBe(false);
    expect(await offlineSigningRunner.beforeSending(signed, viewOf(batchOf([signed], OFFLINE)))).toEqual({ kind: 'pass' });
  });

  it('leaves out a step after a nonce that will not be sent, and signs the others as drafted', async () => {
    const { approve, deposit } = approvalAndAction({ state: 'failed' });
    expect(await offlineSigningRunner.beforeSigning(deposit, viewOf(batchOf([approve, deposit], OFFLINE)))).toEqual({
      kind: 'settle',
      transition: { state: 'skipped', patch: { reason: 'Nonce 4 before it (approve) was failed: this transaction could never be mined.' }, note: null },
    });
    expect(await offlineSigningRunner.beforeSigning(approve, viewOf(batchOf([approve, deposit], OFFLINE)))).toEqual({ kind: 'go' });
  });

  it('takes a skipped signature up again, signs an unsigned failure again, and refuses re-signing', () => {
    expect(offlineSigningRunner.retry(item('001', { state: 'skipped', signed: SIGNED }))).toMatchObject({
      state: 'signed',
      note: 'retry asked by the operator: the same signature is used',
    });
    expect(offlineSigningRunner.retry(item('002', { state: 'failed' }))).toMatchObject({ state: 'waiting', note: 'retry asked by the operator' });
    expect(() => offlineSigningRunner.resign(item('003', { state: 'signed', signed: SIGNED }))).toThrow(
      expect.objectContaining({ code: 'SIGNING_NOT_RESIGNABLE', message: 'An offline install signs the reviewed drafts exactly as they came: it changes no nonce or fee.' }),
    );
  });

  it('keeps a skipped signature in the journal, out of the signed bundle', async () => {
    const signed = item('001', { state: 'signed', signed: SIGNED });
    expect(await offlineSigningRunner.skip(signed, viewOf(batchOf([signed], OFFLINE)))).toEqual({
      state: 'skipped',
      patch: { reason: 'Skipped by the operator.' },
      note: 'skipped by the operator; its signature stays out of the signed bundle',
    });
  });
});

describe('bundle-broadcast runner', () => {
  const BROADCAST = { kind: 'bundle-broadcast', bundleChecksum: 'sha256:2', unsignedChecksum: 'sha256:1', fileName: null } as const;

  it('never signs: an item that came unsigned fails with the way forward', async () => {
    const waiting = item('001');
    expect(await bundleBroadcastRunner.beforeSigning(waiting, viewOf(batchOf([waiting], BROADCAST)))).toEqual({
      kind: 'settle',
      transition: { state: 'failed', patch: { reason: 'Not signed on the offline install; this install does not sign it. Re-plan this wallet online.' }, note: null },
    });
  });

  it('sends a signed transaction the chain can still mine, and fails one whose nonce is used', async () => {
    const signed = item('001', { state: 'signed', signed: SIGNED });
    expect(await bundleBroadcastRunner.beforeSending(signed, viewOf(batchOf([signed], BROADCAST)))).toEqual({ kind: 'go' });
    const gate = await bundleBroadcastRunner.beforeSending(signed, viewOf(batchOf([signed], BROADCAST), { chain: chainWith({ latest: 6, pending: 6 }) }));
    expect(gate).toMatchObject({ kind: 'settle', transition: { state: 'failed', patch: { error: { code: 'TX_NONCE_USED' } }, note: 'TX_NONCE_USED' } });
  });

  it('does not send an action whose approval was not sent: alone it would revert', async () => {
    const { approve, deposit } = approvalAndAction({ state: 'skipped' }, { state: 'signed', signed: SIGNED });
    expect(await bundleBroadcastRunner.beforeSending(deposit, viewOf(batchOf([approve, deposit], BROADCAST)))).toEqual({
      kind: 'settle',
      transition: {
        state: 'skipped',
        patch: { reason: 'The approve step before it was not sent: sent alone it would revert. Re-plan this wallet online.' },
        note: null,
      },
    });
  });

  it('retries with the same bytes until mined, and never signs again', () => {
    expect(bundleBroadcastRunner.retry(item('001', { state: 'failed', signed: SIGNED }))).toMatchObject({ state: 'signed' });
    const mined = item('002', { state: 'failed', signed: SIGNED, receipt: { blockNumber: '6', status: 'reverted', gasUsed: '1' } });
    expect(() => bundleBroadcastRunner.retry(mined)).toThrow(expect.objectContaining({ message: 'This transaction was mined and reverted; its nonce is used.' }));
    expect(() => bundleBroadcastRunner.resign(item('003', { state: 'signed', signed: SIGNED }))).toThrow(
      expect.objectContaining({ code: 'SIGNING_NOT_RESIGNABLE', message: 'This transaction was signed on the offline install; this install cannot sign it again.' }),
    );
  });
});
