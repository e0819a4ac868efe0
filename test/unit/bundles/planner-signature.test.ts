import { describe, expect, it } from 'vitest';
import { concat, hashMessage, hashTypedData, keccak256, recoverTypedDataAddress, toBytes, verifyTypedData, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { secp256k1 } from '@noble/curves/secp256k1';
import {
  bundleText,
  checkPlannerTrusted,
  PLANNER_DOMAIN,
  PLANNER_PATH,
  plannerHash,
  plannerHashes,
  plannerTypedData,
  readUnsignedBundle,
  seal,
  verifyPlannerSignature,
  type UnsignedBundle,
} from '../../../shared/bundles';
import { ACCOUNTS, KEYS, asyncRefusalOf, makeUnsigned, personalSign, signAsPlanner } from '../../support/bundle-fixture';

// Format version 4: an unsigned bundle carries its planner's EIP-712 signature of its plan hash in
// the Vaultdesk domain, made at the planner's own Ledger path. The offline install reviews it only
// when that signature matches the content and comes from a planner it trusts; no personal_sign of
// any text (what a lender agreement gives a service) can stand in for it.

const trusted = [{ address: ACCOUNTS.planner.address, label: 'Planning desk' }];
const bundle = makeUnsigned('deposit');
const withSignature = (signature: string) => seal<UnsignedBundle>({ ...bundle, planner: { address: ACCOUNTS.planner.address, signature } });

describe("the planner's signature", () => {
  it('is EIP-712 typed data of the plan hash in a chain-independent Vaultdesk domain, which leaves out only the signature and the checksum', async () => {
    expect(bundle.version).toBe(4);
    expect(plannerHash(bundle)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(plannerHash(bundle)).not.toBe(bundle.checksum);
    const data = plannerTypedData(bundle);
    expect(data.domain).toEqual({ name: 'Vaultdesk', version: '1', salt: keccak256(toBytes('vaultdesk.planner')) });
    expect(data.domain).not.toHaveProperty('chainId');
    expect(data.domain).not.toHaveProperty('verifyingContract');
    expect(data.primaryType).toBe('UnsignedBundle');
    expect(data.message).toEqual({ format: 'vaultdesk.unsigned-bundle', version: 4, planHash: `0x${plannerHash(bundle).slice(7)}` });
    // Any Ethereum tool checks it the same way.
    expect(await recoverTypedDataAddress({ ...data, signature: bundle.planner.signature as Hex })).toBe(ACCOUNTS.planner.address);
    expect(await verifyTypedData({ ...data, address: ACCOUNTS.planner.address, signature: bundle.planner.signature as Hex })).toBe(true);
    expect(await verifyPlannerSignature(bundle)).toBe(ACCOUNTS.planner.address);
    expect(checkPlannerTrusted(ACCOUNTS.planner.address, trusted).label).toBe('Planning desk');
  });

  it("signs what viem's signTypedData signs, and its two hashes are the device's domain hash and message hash", async () => {
    const { planner: _p, checksum: _c, ...draft } = bundle;
    const local = privateKeyToAccount(KEYS.planner);
    const signature = await local.signTypedData(plannerTypedData(draft));
    expect(await verifyPlannerSignature(withSignature(signature))).toBe(ACCOUNTS.planner.address);
    const hashes = plannerHashes(bundle);
    expect(hashes.planHash).toBe(plannerHash(bundle));
    expect(hashes.digest).toBe(hashTypedData(plannerTypedData(bundle)));
    // What the Ethereum app signs in its hashed mode: keccak256(0x19 0x01 ‖ domain hash ‖ message hash).
    expect(keccak256(concat(['0x1901', hashes.domainHash, hashes.messageHash]))).toBe(hashes.digest);
    // The domain hash is the same for every bundle; the message hash follows the plan.
    expect(plannerHashes(makeUnsigned('claim')).domainHash).toBe(hashes.domainHash);
    expect(plannerHashes(makeUnsigned('claim')).messageHash).not.toBe(hashes.messageHash);
    expect(PLANNER_DOMAIN.name).toBe('Vaultdesk');
    expect(PLANNER_PATH).toBe("44'/60'/0'/1/0");
  });

  it('cannot be a personal_sign of any text: the old planner text, the digest as text or as bytes, the typed-data preimage', async () => {
    // EIP-191 personal_sign hashes 0x19 ‖ 0x45 ("E"thereum Signed Message…) ‖ length ‖ text; EIP-712
    // hashes 0x19 ‖ 0x01 ‖ domain ‖ message. What an agreement gives a service is never the planner's.
    const hashes = plannerHashes(bundle);
    const texts: (string | { raw: Hex })[] = [
      `Vaultdesk unsigned bundle ${plannerHash(bundle)}`,
      hashes.digest,
      hashes.messageHash,
      `0x1901${hashes.domainHash.slice(2)}${hashes.messageHash.slice(2)}`,
      { raw: hashes.digest },
      { raw: concat(['0x1901', hashes.domainHash, hashes.messageHash]) },
      { raw: hashes.messageHash },
    ];
    for (const message of texts) {
      expect(hashMessage(message)).not.toBe(hashes.digest);
      const signature = typeof message === 'string' ? personalSign(message, KEYS.planner) : await ACCOUNTS.planner.signMessage({ message });
      const refusal = await asyncRefusalOf(() => verifyPlannerSignature(withSignature(signature)));
      expect(refusal.code).toBe('BUNDLE_PLANNER_SIGNATURE');
      expect(refusal.message).toContain('not a Vaultdesk planner signature');
    }
  });

  it('is refused as the high-s twin of a valid signature, or with another v', async () => {
    const sig = bundle.planner.signature;
    const n = secp256k1.CURVE.n;
    const s = BigInt(`0x${sig.slice(66, 130)}`);
    const v = Number.parseInt(sig.slice(130), 16);
    const twin = `${sig.slice(0, 66)}${(n - s).toString(16).padStart(64, '0')}${(v === 27 ? 28 : 27).toString(16)}`;
    // The twin recovers to the same address: only the rule on s tells them apart.
    expect(await recoverTypedDataAddress({ ...plannerTypedData(bundle), signature: twin as Hex })).toBe(ACCOUNTS.planner.address);
    expect((await asyncRefusalOf(() => verifyPlannerSignature(withSignature(twin)))).code).toBe('BUNDLE_PLANNER_SIGNATURE');
    expect((await asyncRefusalOf(() => verifyPlannerSignature(withSignature(`${sig.slice(0, 130)}00`)))).code).toBe('BUNDLE_PLANNER_SIGNATURE');
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
    expect(refusal.action).toContain(PLANNER_PATH);
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

  it.each([2, 3])('of format %i (a personal_sign) is refused saying to export the bundle again on the online install', async (version) => {
    // A format-3 bundle as its planner made it: personal_sign of the old text.
    const { planner: _p, checksum: _c, ...rest } = bundle;
    const old = { ...rest, version } as unknown as UnsignedBundle;
    const signature = personalSign(`Vaultdesk unsigned bundle ${plannerHash(old)}`, KEYS.planner);
    const text = bundleText(seal<UnsignedBundle>({ ...old, planner: { address: ACCOUNTS.planner.address, signature } }));
    const refusal = await asyncRefusalOf(() => readUnsignedBundle(text));
    expect(refusal.code).toBe('BUNDLE_FORMAT_RETIRED');
    expect(refusal.message).toContain(`format version ${version}`);
    expect(refusal.message).toContain('personal_sign');
    expect(refusal.action).toMatch(/Do not sign anything from this file/);
    expect(refusal.action).toContain('export the bundle again there');
  });
});
