import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, keccak256, type Hex, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { erc20Abi } from '../../../shared/abi';
import { createRpcClient } from '../../../electron/services/chain/rpc-client';
import { toViemTransaction } from '../../../electron/services/device';
import { VaultRegistry } from '../../../electron/services/registry';
import { createSigningService, type SigningService } from '../../../electron/services/signing';
import { Journal } from '../../../electron/services/signing/journal';
import { deriveAtPath } from '../../../electron/demo/chain/accounts';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { Batch, BatchItem } from '../../../shared/signing/schemas';
import { keychainJournalKeys } from '../../support/journal-keys';
import { startRpcProxy, type RpcProxy } from './rpc-proxy';
import { fromSnapshotEachTest, signingWorldForFile, type SigningWorld } from './world';

// Every item is checked again at every step, on what the journal holds then: the registry's gate
// before the device and before sending, signed bytes against the draft before they are sent, and
// the chain id the RPC answers. The journals here are changed and sealed again with the journal
// key (what the seal cannot see), so that each check is what stops them. The pipeline reaches the
// vault's chain through an RPC proxy that can lie about its chain id and records what is sent.

let world: SigningWorld, view: Portfolio;
let proxy: RpcProxy;

signingWorldForFile((w, v) => ([world, view] = [w, v]));
fromSnapshotEachTest(() => world);

const DEAD = '0x000000000000000000000000000000000000dEaD';
const MAX = (1n << 256n) - 1n;
const delta = () => view.vaults.find((v) => v.name === 'Delta Credit USDC')!;
const chainId = () => delta().chain.chainId;
const client = (): PublicClient => world.chains.get(chainId())!;

beforeAll(async () => {
  proxy = await startRpcProxy(world.sim.network.chains.find((c) => c.chain.chainId === chainId())!.chain.rpcUrl);
});
afterAll(async () => {
  await proxy?.close();
});
afterEach(() => {
  proxy.lieChainId = null;
  proxy.refuseSends = false;
});

/** The console on a data folder of its own, its chain through the proxy (a restarted console: a new one on the same folder). */
function consoleOn(dataDir: string): SigningService {
  const proxied = createRpcClient({ chainId: chainId(), name: 'Delta chain through the test RPC', url: proxy.url }, { http: 0 });
  return createSigningService({
    dataDir,
    journalKeys: keychainJournalKeys(dataDir),
    device: world.device,
    loadPortfolio: (w) => world.portfolio.load(w, null),
    chain: (id) => (id === chainId() ? proxied : world.chains.get(id)!),
    service: async () => world.client,
    registry: new VaultRegistry(dataDir),
    firstSeen: { kind: 'pin-after-checks', by: 'the test world' },
    receiptPollingMs: 50,
    receiptTimeoutMs: 20_000,
  });
}

/** A withdrawal from Delta (its tranche approved to the withdraw queue, then the request) for two wallets, journaled. */
async function withdrawal(): Promise<{ dataDir: string; batch: Batch }> {
  const dataDir = await mkdtemp(path.join(world.dataDir, 'every-step-'));
  const signing = consoleOn(dataDir);
  const plan = await signing.plan({ vaultId: delta().id, wallets: world.wallets.slice(0, 2), action: 'withdraw', amount: '1' });
  const batch = await signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
  expect(batch.items.filter((i) => i.tx).map((i) => i.step)).toEqual(['approve', 'requestWithdraw', 'approve', 'requestWithdraw']);
  return { dataDir, batch };
}

/** Changes the journal and seals it again with the journal key: only the checks at each step can see it now. */
async function resealed(dataDir: string, batchId: string, change: (batch: Batch) => void | Promise<void>): Promise<void> {
  const journal = new Journal(dataDir, keychainJournalKeys(dataDir));
  const batch = await journal.read(batchId);
  await change(batch);
  await journal.write(batch);
}

const approveData = (spender: string, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Hex, amount] });
const nonces = () => Promise.all(world.wallets.slice(0, 2).map((w) => client().getTransactionCount({ address: w.address as Hex })));
const allowance = (owner: string, spender: string) =>
  client().readContract({ address: delta().tranche.address as Hex, abi: erc20Abi, functionName: 'allowance', args: [owner as Hex, spender as Hex] });

describe('the gate, again before the device', () => {
  it("an approval turned into approve(0x…dEaD, 2^256 − 1) in the journal is refused before the device: nothing signed, nothing sent", async () => {
    const { dataDir, batch } = await withdrawal();
    const before = await nonces();
    await resealed(dataDir, batch.id, (b) => {
      b.items.find((i) => i.step === 'approve')!.tx!.data = approveData(DEAD, MAX);
    });
    const summary = await consoleOn(dataDir).run(batch.id);
    const after = await consoleOn(dataDir).openBatch(batch.id);
    expect(summary.status).toBe('paused');
    expect(after.pause).toMatchObject({ code: 'REGISTRY_GATE_REFUSED', action: expect.stringContaining('Nothing of this item reached the device or the chain') });
    const approval = after.items.find((i) => i.step === 'approve')!;
    expect(approval).toMatchObject({ state: 'failed', signed: null, error: { code: 'REGISTRY_GATE_REFUSED' } });
    expect(approval.reason).toContain(`the plan names ${DEAD}`);
    expect(world.reviews).toHaveLength(0);
    expect(proxy.methods).not.toContain('eth_sendRawTransaction');
    expect(await nonces()).toEqual(before);
    expect(await allowance(world.wallets[0]!.address, DEAD)).toBe(0n);
  }, 120_000);

  it.each([
    ['2^256 − 2', MAX - 1n],
    ['10^40', 10n ** 40n],
  ])('an approval of %s to the right queue, for a withdrawal of 1 tranche token, is refused before the device', async (_, amount) => {
    const { dataDir, batch } = await withdrawal();
    const before = await nonces();
    await resealed(dataDir, batch.id, (b) => {
      const approve = b.items.find((i) => i.step === 'approve')!;
      approve.tx!.data = approveData(delta().withdrawQueue ?? delta().queue!, amount);
    });
    await consoleOn(dataDir).run(batch.id);
    const after = await consoleOn(dataDir).openBatch(batch.id);
    expect(after.pause?.code).toBe('REGISTRY_APPROVAL_AMOUNT');
    expect(after.pause?.message).toMatch(/W0 approves .* AA_\w+ to 0x[0-9a-fA-F]{40}, but the requestWithdraw it serves spends 1 AA_\w+: with exact approvals/);
    expect(world.reviews).toHaveLength(0);
    expect(await nonces()).toEqual(before);
  }, 120_000);
});

describe('signed bytes, before they are sent', () => {
  /** A batch whose first approval is signed but not sent (the RPC refused it), as a crash leaves it. */
  async function signedNotSent(): Promise<{ dataDir: string; batch: Batch; approval: BatchItem }> {
    const { dataDir, batch } = await withdrawal();
    proxy.refuseSends = true;
    await consoleOn(dataDir).run(batch.id);
    proxy.refuseSends = false;
    const journal = await consoleOn(dataDir).openBatch(batch.id);
    expect(journal.pause?.code).toBe('TX_BROADCAST_FAILED');
    const approval = journal.items[0]!;
    expect(approval).toMatchObject({ step: 'approve', state: 'signed' });
    return { dataDir, batch, approval };
  }

  const stranger = privateKeyToAccount(generatePrivateKey());
  it.each([
    ['re-signed by another key', async (item: BatchItem) => stranger.signTransaction(toViemTransaction(item.tx!) as never), `it is signed by ${stranger.address}, not by its wallet`],
    [
      'signed by the wallet for an approval to 0x…dEaD',
      async (item: BatchItem) =>
        privateKeyToAccount(deriveAtPath(item.path).privateKey).signTransaction(toViemTransaction({ ...item.tx!, data: approveData(DEAD, MAX) }) as never),
      'its calldata differs from byte 16',
    ],
  ])('bytes %s in the journal are refused before broadcast: nothing sent', async (_, forge, words) => {
    const { dataDir, batch, approval } = await signedNotSent();
    const before = await nonces();
    let forged: Hex = '0x';
    await resealed(dataDir, batch.id, async (b) => {
      const item = b.items.find((i) => i.id === approval.id)!;
      forged = (await forge(item)) as Hex;
      item.signed = { ...item.signed!, serialized: forged, hash: keccak256(forged) };
    });
    proxy.methods.length = 0;
    world.reviews.length = 0;
    await consoleOn(dataDir).run(batch.id);
    const after = await consoleOn(dataDir).openBatch(batch.id);
    expect(after.pause?.code).toBe('SIGNING_SIGNED_MISMATCH');
    const item = after.items.find((i) => i.id === approval.id)!;
    expect(item).toMatchObject({ state: 'failed', hash: null, error: { code: 'SIGNING_SIGNED_MISMATCH' } });
    expect(item.reason).toContain(words);
    expect(item.reason).toContain('It was not sent.');
    expect(proxy.methods).not.toContain('eth_sendRawTransaction');
    expect(world.reviews).toHaveLength(0);
    await expect(client().getTransaction({ hash: keccak256(forged) })).rejects.toThrow();
    expect(await nonces()).toEqual(before);
    expect(await allowance(approval.wallet, DEAD)).toBe(0n);
  }, 120_000);
});

describe('the chain id, at every signing step', () => {
  it('an RPC that starts answering for another chain stops the batch before the device, and before sending', async () => {
    const { dataDir, batch } = await withdrawal();
    const signing = consoleOn(dataDir);
    // Once the first approval is confirmed, the RPC says it serves chain 1.
    const stop = signing.subscribe((event) => {
      if (event.type === 'item' && event.item.id === batch.items[0]!.id && event.item.state === 'confirmed') proxy.lieChainId = 1;
    });
    expect((await signing.run(batch.id)).status).toBe('paused');
    stop();
    let journal = await signing.openBatch(batch.id);
    expect(journal.pause).toMatchObject({
      code: 'SIGNING_WRONG_CHAIN',
      message: `The RPC of chain ${chainId()} now answers for chain 1: the batch stopped before signing W0 requestWithdraw, and nothing more is signed or sent through that RPC.`,
      action: expect.stringContaining('Correct the RPC addresses of this chain'),
    });
    expect(journal.items.map((i) => i.state)).toEqual(['confirmed', 'waiting', 'waiting', 'waiting']);
    expect(world.reviews).toHaveLength(1);

    // Fixed, the batch goes on; then the RPC lies again just after the next signature: it is not sent.
    proxy.lieChainId = null;
    const again = signing.subscribe((event) => {
      if (event.type === 'item' && event.item.id === batch.items[1]!.id && event.item.state === 'signed') proxy.lieChainId = 1;
    });
    proxy.methods.length = 0;
    expect((await signing.run(batch.id)).status).toBe('paused');
    again();
    journal = await signing.openBatch(batch.id);
    expect(journal.pause?.message).toContain('the batch stopped before sending W0 requestWithdraw');
    expect(journal.items.map((i) => i.state)).toEqual(['confirmed', 'signed', 'waiting', 'waiting']);
    expect(proxy.methods).not.toContain('eth_sendRawTransaction');
    await expect(client().getTransaction({ hash: journal.items[1]!.signed!.hash as Hex })).rejects.toThrow();

    // The RPC answers for its chain again: the same bytes go out and the batch ends.
    proxy.lieChainId = null;
    expect((await signing.run(batch.id)).status).toBe('done');
    journal = await signing.openBatch(batch.id);
    expect(journal.items.every((i) => i.state === 'confirmed')).toBe(true);
    expect(journal.items[1]!.history.filter((h) => h.state === 'on-device')).toHaveLength(1);
  }, 180_000);
});

describe('the seal, when the console opens a journal', () => {
  it('a journal edited on disk is listed as refused and does not open or run, naming the item and the field', async () => {
    const { dataDir, batch } = await withdrawal();
    const file = path.join(dataDir, 'journals', `${batch.id}.json`);
    const { readFile, writeFile } = await import('node:fs/promises');
    const json = JSON.parse(await readFile(file, 'utf8'));
    json.items[2].tx.data = approveData(DEAD, MAX);
    await writeFile(file, JSON.stringify(json, null, 2));
    const before = await nonces();

    const restarted = consoleOn(dataDir);
    const [listed] = await restarted.listBatches();
    expect(listed).toMatchObject({ id: batch.id, refused: { code: 'SIGNING_JOURNAL_TAMPERED' } });
    const refusal = { code: 'SIGNING_JOURNAL_TAMPERED', message: expect.stringContaining(`item 3 (W1 approve, ${batch.items[2]!.id}): tx.data (its calldata)`) };
    await expect(restarted.openBatch(batch.id)).rejects.toMatchObject(refusal);
    await expect(restarted.run(batch.id)).rejects.toMatchObject(refusal);
    expect(world.reviews).toHaveLength(0);
    expect(await nonces()).toEqual(before);
  }, 120_000);
});
