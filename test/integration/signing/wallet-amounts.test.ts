import { describe, expect, it } from 'vitest';
import { decodeFunctionData, parseUnits, type Hex } from 'viem';
import { epochQueueAbi, epochVaultAbi } from '../../../shared/abi';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { agreementsNeeded } from '../../../shared/signing/agreements-needed';
import { parseAmountCsv, walletAmountsOf } from '../../../shared/signing/amount-csv';
import { reportName } from '../../../shared/signing/batch-name';
import type { Selection } from '../../../shared/signing/schemas';
import { fromSnapshotEachTest, signAgreements, signingWorldForFile, type SigningWorld } from './world';

// A deposit with its own amount per wallet, read from the operator's CSV, planned across two vaults
// on anvil (the same selections the console's form sends), signed with the emulated Ledger approving.
let world: SigningWorld, view: Portfolio;
signingWorldForFile((w, v) => ([world, view] = [w, v]));

fromSnapshotEachTest(() => world);

const vault = (name: string) => view.vaults.find((v) => v.id === world.vaultId(view, name))!;

/** The selections the New operation form sends for a CSV: one per vault, in the file's order, with each wallet's own amount. */
function partsFromCsv(csv: string, name: string): Selection[] {
  const parsed = parseAmountCsv(csv, { wallets: world.wallets, vaults: view.vaults });
  if (!parsed.ok) throw new Error(parsed.reason);
  expect(parsed.lines.map((l) => l.refused)).toEqual(parsed.lines.map(() => null));
  const amounts = walletAmountsOf(parsed.lines);
  const vaultIds = [...new Set(amounts.map((a) => a.vaultId))];
  return vaultIds.map((vaultId) => {
    const own = amounts.filter((a) => a.vaultId === vaultId);
    return {
      vaultId,
      action: 'deposit',
      name,
      wallets: own.map((a) => world.wallets.find((w) => w.address === a.wallet)!),
      walletAmounts: own,
    };
  });
}

const depositAmount = (data: Hex) => {
  const decoded = decodeFunctionData({ abi: [...epochVaultAbi, ...epochQueueAbi], data });
  expect(['depositAA', 'requestDeposit']).toContain(decoded.functionName);
  return (decoded.args as readonly unknown[])[0] as bigint;
};

describe('a deposit with per-wallet amounts from a CSV', () => {
  it('plans each wallet with its own amount in each vault: the signed calldata carries it, and the batch keeps its name', async () => {
    const beta = vault('beta');
    const delta = vault('delta');
    const [w1, w2, w3] = world.wallets.slice(1, 4) as [Selection['wallets'][number], Selection['wallets'][number], Selection['wallets'][number]];
    await signAgreements(world, beta.id, [w1, w2, w3]);
    await signAgreements(world, delta.id, [w1, w3]);
    // By address or label, by vault name or epoch vault address, amounts as a person types them.
    const csv = [
      'wallet,vault,amount',
      `${w1.address},${beta.name},"1,250.5"`,
      `${w2.label},${beta.epochVault},75`,
      `${w3.address.toLowerCase()},${beta.name},0.000001`,
      `${w1.label},${delta.name},40.25`,
      `${w3.address},${delta.name},12`,
    ].join('\n');
    const expected = new Map([
      [`${beta.id}:${w1.address}`, parseUnits('1250.5', 6)],
      [`${beta.id}:${w2.address}`, parseUnits('75', 6)],
      [`${beta.id}:${w3.address}`, 1n],
      [`${delta.id}:${w1.address}`, parseUnits('40.25', 6)],
      [`${delta.id}:${w3.address}`, parseUnits('12', 6)],
    ]);
    const name = 'Q3 top-up desk A';
    const plan = await world.signing.planAcrossVaults(partsFromCsv(csv, name));
    expect(plan.selection.name).toBe(name);
    const deposits = plan.items.filter((i) => i.step === 'depositAA' || i.step === 'requestDeposit');
    expect(plan.items.filter((i) => i.state === 'skipped')).toEqual([]);
    expect(deposits.map((d) => [`${d.vaultId}:${d.wallet}`, depositAmount(d.tx!.data as Hex)])).toEqual([...expected.entries()].sort(
      // Device order: wallet by wallet, vault after vault.
      ([a], [b]) => [w1, w2, w3].findIndex((w) => a.endsWith(w.address)) - [w1, w2, w3].findIndex((w) => b.endsWith(w.address)),
    ));
    // Each approval is of exactly its deposit's amount.
    for (const d of deposits) {
      const approval = plan.items.find((i) => i.id === d.dependsOn);
      if (approval) expect(approval.review?.kind === 'transaction' && approval.review.amount?.baseUnits).toBe(String(expected.get(`${d.vaultId}:${d.wallet}`)));
    }

    const batch = await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
    await world.signing.run(batch.id);
    const done = await world.signing.openBatch(batch.id);
    expect(done.items.every((i) => i.state === 'confirmed')).toBe(true);
    expect(done.selection.name).toBe(name);
    expect((await world.signing.listBatches()).find((b) => b.id === batch.id)?.name).toBe(name);
    expect(reportName(done)).toBe(name);
    const report = (await world.signing.reportCsv(batch.id)).trim().split('\n');
    expect(report[0]!.endsWith(',batch')).toBe(true);
    expect(report.slice(1).every((line) => line.endsWith(`,${name}`))).toBe(true);
  }, 300_000);

  it('skips a wallet whose CSV amount has more decimals than the pinned token, saying why', async () => {
    const beta = vault('beta');
    const [w1] = world.wallets.slice(1, 2) as [Selection['wallets'][number]];
    await signAgreements(world, beta.id, [w1]);
    const plan = await world.signing.plan({ vaultId: beta.id, action: 'deposit', wallets: [w1], walletAmounts: [{ vaultId: beta.id, wallet: w1.address, amount: '1.0000001' }] });
    expect(plan.items).toEqual([expect.objectContaining({ state: 'skipped', reason: expect.stringContaining('This token has 6 decimals') })]);
  }, 300_000);

  it('signs the agreements the skipped wallets need in every vault of the deposit at once, after which the deposit plans them', async () => {
    const beta = vault('beta');
    const delta = vault('delta');
    // Wallets the tests above left alone: the service keeps the agreements signed there.
    const wallets = world.wallets.slice(6, 9);
    const parts = [beta, delta].map((v): Selection => ({ vaultId: v.id, action: 'deposit', amount: '10', wallets }));
    const skipped = await world.signing.planAcrossVaults(parts);
    const needed = agreementsNeeded(skipped);
    expect(needed.map((n) => [n.vaultId, n.wallets])).toEqual([
      [beta.id, wallets.map((w) => w.address)],
      [delta.id, wallets.map((w) => w.address)],
    ]);
    const agreements = await world.signing.planAcrossVaults(
      needed.map((n) => ({ vaultId: n.vaultId, action: 'agreements', wallets: wallets.filter((w) => n.wallets.includes(w.address)) })),
    );
    expect(new Set(agreements.items.filter((i) => i.message).map((i) => i.vaultId))).toEqual(new Set([beta.id, delta.id]));
    const batch = await world.signing.createBatch(agreements.id, { acknowledgeBlindSigning: true });
    await world.signing.run(batch.id);
    const again = await world.signing.planAcrossVaults(parts);
    expect(agreementsNeeded(again)).toEqual([]);
    expect(again.items.filter((i) => i.state === 'skipped')).toEqual([]);
  }, 300_000);
});
