import { describe, expect, it } from 'vitest';
import { recoverMessageAddress, type Hex } from 'viem';
import {
  bundleText,
  checkPlannerTrusted,
  plannerHash,
  plannerMessage,
  readUnsignedBundle,
  seal,
  verifyPlannerSignature,
  type UnsignedBundle,
} from '../../../shared/bundle';
import { ACCOUNTS, asyncRefusalOf, makeUnsigned, signAsPlanner } from '../../support/bundle-fixture';

// Format version 2: an unsigned bundle carries an EIP-191 signature of its plan hash by its
// planner's Ledger account. The offline install reviews it only when that signature matches the
// content and comes from a planner it trusts.

const trusted = [{ address: ACCOUNTS.planner.address, label: 'Planning desk' }];
const bundle = makeUnsigned('deposit');

describe("the planner's signature", () => {
  it('is a personal_sign of the plan hash, which leaves out only the signature and the checksum', async () => {
    expect(bundle.version).toBe(3);
    expect(plannerMessage(bundle)).toBe(`Vaultdesk unsigned bundle ${plannerHash(bundle)}`);
    expect(plannerHash(bundle)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(plannerHash(bundle)).not.toBe(bundle.checksum);
    // Any Ethereum tool checks it the same way.
    expect(await recoverMessageAddress({ message: plannerMessage(bundle), signature: bundle.planner.signature as Hex })).toBe(
      ACCOUNTS.planner.address,
    );
    expect(await verifyPlannerSignature(bundle)).toBe(ACCOUNTS.planner.address);
    expect(checkPlannerTrusted(ACCOUNTS.planner.address, trusted).label).toBe('Planning desk');
  });

  it('is refused once the content changed after it was signed, though the checksum was computed again', async () => {
    const changed = structuredClone(bundle) as UnsignedBundle;
    changed.wallets[0]!.label = 'Someone else';
    changed.items.filter((i) => i.wallet.address === changed.wallets[0]!.address).forEach((i) => (i.wallet.label = 'Someone else'));
    const resealed = seal<UnsignedBundle>(changed);
    // The bundle's own checks pass: it agrees with itself.
    expect(readUnsignedBundle(bundleText(resealed)).checksum).toBe(resealed.checksum);
    const refusal = await asyncRefusalOf(() => verifyPlannerSignature(resealed));
    expect(refusal.code).toBe('BUNDLE_PLANNER_SIGNATURE');
    expect(refusal.message).toContain('changed after its planner signed it');
    expect(refusal.message).toContain(ACCOUNTS.planner.address);
    expect(refusal.action).toMatch(/Do not sign/);
  });

  it('is refused when another account signed it but it states the trusted planner', async () => {
    const byStranger = signAsPlanner(bundle, 'stranger');
    const forged = seal<UnsignedBundle>({ ...byStranger, planner: { ...byStranger.planner, address: ACCOUNTS.planner.address } });
    const refusal = await asyncRefusalOf(() => verifyPlannerSignature(forged));
    expect(refusal.code).toBe('BUNDLE_PLANNER_SIGNATURE');
    expect(refusal.message).toContain(`recovers to ${ACCOUNTS.stranger.address}, not to the stated planner ${ACCOUNTS.planner.address}`);
  });

  it('is refused when it is not a signature at all', async () => {
    const garbage = seal<UnsignedBundle>({ ...bundle, planner: { address: ACCOUNTS.planner.address, signature: `0x${'00'.repeat(65)}` } });
    expect((await asyncRefusalOf(() => verifyPlannerSignature(garbage))).code).toBe('BUNDLE_PLANNER_SIGNATURE');
  });

  it('from a planner this install does not trust is refused naming the address and where to add it', async () => {
    const byStranger = signAsPlanner(bundle, 'stranger');
    const signer = await verifyPlannerSignature(byStranger);
    expect(signer).toBe(ACCOUNTS.stranger.address);
    const refusal = await asyncRefusalOf(() => checkPlannerTrusted(signer, trusted));
    expect(refusal.code).toBe('BUNDLE_PLANNER_UNKNOWN');
    expect(refusal.message).toContain(ACCOUNTS.stranger.address);
    expect(refusal.message).toContain('Planning desk');
    expect(refusal.action).toContain('Settings → Trusted planners');
    expect(refusal.action).toContain(`--trust-planner ${ACCOUNTS.stranger.address}`);
  });

  it('is required: a version 1 bundle, which had none, is refused saying to export it again from an updated planner', async () => {
    const { planner: _p, checksum: _c, ...rest } = bundle;
    const v1 = bundleText(seal<UnsignedBundle>({ ...rest, version: 1 } as unknown as UnsignedBundle));
    const refusal = await asyncRefusalOf(() => readUnsignedBundle(v1));
    expect(refusal.code).toBe('BUNDLE_UNKNOWN_VERSION');
    expect(refusal.message).toContain('format version 1');
    expect(refusal.message).toContain('did not sign its bundles');
    expect(refusal.action).toContain('export the bundle again from the updated planner');
  });
});
