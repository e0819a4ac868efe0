import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VaultRegistry } from '../../../electron/services/registry';
import { bundleText, seal, type UnsignedBundle } from '../../../shared/bundles';
import { DEFAULT_OFFLINE_POLICY } from '../../../shared/bundles/policy';
import { hasControlCharacters } from '../../../shared/bundles/plain-text';
import { ACCOUNTS, DEFAULT_VAULT, fixtureSimulation, makeUnsigned, signAsPlanner, unsignedRegistryText, type FixtureOptions } from '../../support/bundle-fixture';
import { offlineServices } from '../../support/offline-services';

// The alterations that once passed the offline checks: each keeps the bundle consistent with
// itself (calldata and reviews drafted again, checksum recomputed), so only the offline install's
// own records (its registry, its policy, its own reading of the calldata) can catch them. Most are
// signed again by the trusted planner's key below (as if the planner's machine were the one
// altering them): they show what the offline install catches even then. Sealed again without the
// planner's key, or signed by another one, any alteration is refused by the planner check first.

const DEAD = '0x000000000000000000000000000000000000dEaD';

async function offlineInstall(options: { registry?: string | null; trustPlanner?: boolean } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-offline-tamper-'));
  const registry = new VaultRegistry(dataDir, undefined, { failClosed: true });
  // The registry as the signed import leaves it on disk (the signed import itself: damaged-records.test.ts).
  if (options.registry !== null) await registry.importFile(options.registry ?? unsignedRegistryText());
  const { bundles } = offlineServices({ dataDir, registry });
  if (options.trustPlanner !== false) await bundles.planners.add({ address: ACCOUNTS.planner.address, label: 'Planning desk', checkedBy: 'device' });
  return bundles;
}

/** The bundle changed by `edit`, signed again with the trusted planner's key and sealed with a correct checksum. */
function resealed(bundle: UnsignedBundle, edit: (b: UnsignedBundle) => void = () => undefined): string {
  const copy = structuredClone(bundle);
  edit(copy);
  return bundleText(signAsPlanner(copy));
}

/** The bundle changed by `edit` and sealed again with a correct checksum, its planner signature left as it was. */
function resealedUnsigned(bundle: UnsignedBundle, edit: (b: UnsignedBundle) => void): string {
  const copy = structuredClone(bundle);
  edit(copy);
  return bundleText(seal<UnsignedBundle>(copy));
}

const consistent = (options: FixtureOptions) => bundleText(makeUnsigned('deposit', undefined, options));

async function refusal(text: string, install?: Awaited<ReturnType<typeof offlineInstall>>) {
  const bundles = install ?? (await offlineInstall());
  const err = await bundles.importUnsigned(text, 'tampered.json').then(
    () => null,
    (e: { code: string; message: string; action?: string }) => e,
  );
  if (!err) throw new Error('the tampered bundle was accepted');
  // Whatever the bundle holds, a refusal is plain text.
  expect(hasControlCharacters(err.message)).toBe(false);
  return err;
}

describe('the offline install checks a bundle against its own records', () => {
  it('accepts the untouched bundle, its review written from the calldata and its registry', async () => {
    const bundles = await offlineInstall();
    const imported = await bundles.importUnsigned(bundleText(makeUnsigned('deposit')), 'ok.json');
    const approve = imported.plan.items.find((i) => i.step === 'approve')!;
    expect(approve.review).toMatchObject({
      kind: 'transaction',
      contract: { name: 'USDC token', role: 'underlying' },
      pinned: { vaultName: DEFAULT_VAULT.name, pinnedAt: '2026-11-20T10:00:00.000Z' },
    });
    expect(imported.plan.warnings.join(' ')).toContain("This install's policy");
  });

  it('refuses an altered bundle sealed again without the planner\'s key, before any other check of its content', async () => {
    const swapped = resealedUnsigned(makeUnsigned('deposit'), (b) => {
      b.vault.queue = DEAD;
    });
    const err = await refusal(swapped);
    expect(err.code).toBe('BUNDLE_PLANNER_SIGNATURE');
    expect(err.message).toContain('changed after its planner signed it');
    expect(err.message).toContain(ACCOUNTS.planner.address);
    expect(err.action).toContain('Do not sign');
  });

  it("refuses the planner's simulation changed after it signed (a revert made to look like success), sealed again without its key", async () => {
    const simulated = makeUnsigned('deposit', undefined, { simulation: (plan) => fixtureSimulation(plan, { reverts: 1 }) });
    const bundles = await offlineInstall();
    // Untouched, it is reviewed, the reverted item shown as the planner carried it.
    const imported = await bundles.importUnsigned(bundleText(simulated), 'simulated.json');
    expect(imported.simulation?.items[1]).toMatchObject({ ok: false, revert: { reason: 'EpochNotRunning()' } });
    const laundered = resealedUnsigned(simulated, (b) => {
      const item = b.simulation!.items[1]!;
      Object.assign(item, { ok: true, revert: null, gasUsed: '51234' });
    });
    const err = await refusal(laundered, bundles);
    expect(err.code).toBe('BUNDLE_PLANNER_SIGNATURE');
    expect(err.message).toContain('changed after its planner signed it');
  });

  it('refuses a bundle signed by a planner this install does not trust, naming its address and where to add it', async () => {
    const err = await refusal(bundleText(signAsPlanner(makeUnsigned('deposit'), 'stranger')));
    expect(err.code).toBe('BUNDLE_PLANNER_UNKNOWN');
    expect(err.message).toContain(ACCOUNTS.stranger.address);
    expect(err.message).toContain('Planning desk');
    expect(err.action).toContain('Settings → Trusted planners');
    // Even untouched, a bundle is refused while no planner is trusted at all.
    const none = await refusal(bundleText(makeUnsigned('deposit')), await offlineInstall({ trustPlanner: false }));
    expect(none).toMatchObject({ code: 'BUNDLE_PLANNER_UNKNOWN', message: expect.stringContaining('(none yet)') });
  });

  it('refuses every bundle when its registry does not hold the vault, naming the vault', async () => {
    const err = await refusal(bundleText(makeUnsigned('deposit')), await offlineInstall({ registry: null }));
    expect(err).toMatchObject({ code: 'BUNDLE_VAULT_NOT_PINNED' });
    expect(err.message).toContain('Alpha Credit USDC');
    expect(err.action).toContain('export the vault registry');
  });

  it('refuses the queue swapped consistently for 0x…dEaD, naming the vault, the role and both addresses', async () => {
    const err = await refusal(consistent({ vault: { ...DEFAULT_VAULT, queue: DEAD } }));
    expect(err.code).toBe('BUNDLE_REGISTRY_MISMATCH');
    expect(err.message).toContain('Alpha Credit USDC');
    expect(err.message).toContain('queue');
    expect(err.message).toContain(DEAD);
    expect(err.message).toContain(DEFAULT_VAULT.queue!);
  });

  it('refuses the approval spender (the epoch vault) swapped consistently everywhere', async () => {
    const err = await refusal(consistent({ vault: { ...DEFAULT_VAULT, epochVault: DEAD } }));
    expect(err.code).toBe('BUNDLE_REGISTRY_MISMATCH');
    expect(err.message).toMatch(
      /epoch vault is 0x000000000000000000000000000000000000dEaD, but this install's registry pins 0x1111111111111111111111111111111111111111/,
    );
  });

  it('refuses the chain id changed to 1 everywhere', async () => {
    const err = await refusal(consistent({ vault: { ...DEFAULT_VAULT, chainId: 1 } }));
    expect(err.code).toBe('BUNDLE_WRONG_CHAIN');
    expect(err.message).toContain('chain 1');
    expect(err.message).toContain('chain 31337');
  });

  it('refuses about 50 ETH of maximum fee per transaction, naming the rule, the limit and the value', async () => {
    // 120,000 gas × 416,667 gwei ≈ 50 ETH.
    const err = await refusal(consistent({ fees: { maxFeePerGas: 416_667_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n } }));
    expect(err.code).toBe('BUNDLE_POLICY');
    expect(err.message).toContain('max fee per gas');
    expect(err.message).toContain('300 gwei');
    expect(err.message).toContain('416667 gwei');
  });

  it('refuses a fee within the per-gas limit but over the per-transaction one', async () => {
    const install = await offlineInstall();
    await install.policy.write({ ...DEFAULT_OFFLINE_POLICY, maxFeePerGasGwei: '1000000', maxFeePerTransactionEth: '0.5' });
    const err = await refusal(consistent({ fees: { maxFeePerGas: 416_667_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n } }), install);
    expect(err.message).toMatch(/max fee per transaction: the limit is 0\.5 ETH; .* has 50\.00004 ETH/);
  });

  it('refuses an unlimited approval in a plan marked exact', async () => {
    const err = await refusal(consistent({ approval: 'unlimited' }));
    expect(err.code).toBe('BUNDLE_POLICY');
    expect(err.message).toContain('exact amounts only');
    expect(err.message).toContain('unlimited approval of USDC');
  });

  it('refuses a token amount over the per-transaction limit of the policy', async () => {
    const install = await offlineInstall();
    await install.policy.write({
      ...DEFAULT_OFFLINE_POLICY,
      tokenLimits: [{ chainId: 31337, token: DEFAULT_VAULT.underlying.address, symbol: 'USDC', decimals: 6, maxUnits: '100' }],
    });
    const err = await refusal(bundleText(makeUnsigned('deposit')), install);
    expect(err.message).toContain('max amount per transaction of USDC: the limit is 100 USDC');
    expect(err.message).toContain('250.5 USDC');
  });

  it('refuses the last item dropped with the counts adjusted', async () => {
    const err = await refusal(
      resealed(makeUnsigned('deposit'), (b) => {
        b.items.pop();
        b.counts.transactions -= 1;
      }),
    );
    expect(err.code).toBe('BUNDLE_TX_DROPPED');
    expect(err.message).toContain('no transaction of this wallet uses the approval');
  });

  const rewrites: [string, (b: UnsignedBundle) => void, RegExp][] = [
    [
      'the title',
      (b) => {
        const t = b.items[0]!;
        if (t.kind === 'transaction') t.review.title = 'Approve 250.5 USDC to the Treasury reserve';
      },
      /the review's title .*Treasury reserve.*Approve 250\.5 USDC to the Alpha Credit USDC epoch vault/,
    ],
    [
      'the contract name',
      (b) => {
        const t = b.items[0]!;
        if (t.kind === 'transaction') t.review.contract.name = 'Circle USD (official)';
      },
      /contract name .*Circle USD \(official\).*USDC token/,
    ],
    [
      'an argument text',
      (b) => {
        const t = b.items[0]!;
        if (t.kind === 'transaction') t.review.args[0]!.display = `Treasury safe (${DEFAULT_VAULT.epochVault})`;
      },
      /text of argument spender .*Treasury safe/,
    ],
    [
      'an ANSI sequence hiding text in the contract name',
      (b) => {
        const t = b.items[0]!;
        if (t.kind === 'transaction') t.review.contract.name = 'USDC token\u001b[8m hidden \u001b[0m';
      },
      /contract name/,
    ],
  ];
  for (const [what, edit, message] of rewrites) {
    it(`refuses ${what} rewritten, naming the field and this install's own text`, async () => {
      const err = await refusal(resealed(makeUnsigned('deposit'), edit));
      expect(err.code).toBe('BUNDLE_REVIEW_MISMATCH');
      expect(err.message).toMatch(message);
    });
  }

  it('refuses the vault name rewritten consistently (titles and contract names included)', async () => {
    const err = await refusal(consistent({ vault: { ...DEFAULT_VAULT, name: 'Alpha Credit USDC Insured' } }));
    expect(err.code).toBe('BUNDLE_REGISTRY_MISMATCH');
    expect(err.message).toContain('vault name is "Alpha Credit USDC Insured", but this install\'s registry pins "Alpha Credit USDC"');
  });

  it('refuses a token symbol rewritten consistently', async () => {
    const err = await refusal(consistent({ vault: { ...DEFAULT_VAULT, underlying: { ...DEFAULT_VAULT.underlying, symbol: 'USDT' } } }));
    expect(err.message).toContain('underlying token symbol is USDT');
  });
});
