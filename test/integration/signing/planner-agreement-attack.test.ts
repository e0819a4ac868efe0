import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashMessage, hexToBytes, type Hex } from 'viem';
import { secp256k1 } from '@noble/curves/secp256k1';
import { VaultRegistry } from '../../../electron/services/registry';
import { deriveAccount, deriveAtPath } from '../../../electron/demo/chain/accounts';
import { bundleText, PLANNER_PATH, plannerHash, plannerHashes, seal, signedByPlanner, type UnsignedBundle, type UnsignedDraft } from '../../../shared/bundles';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { makeUnsigned, unsignedRegistryText } from '../../support/bundle-fixture';
import { signingWorldForFile, type SigningWorld } from './world';
import { agreementTextsEachTest } from './agreement-texts';
import { offlineServices } from '../../support/offline-services';
import { hashedTypedDataReview } from '../../support/typed-data-review';

// The attack of issue 31 (item 1), end to end. A hostile service serves, as a vault's lender
// agreement ("Terms of service"), the planner text of a bundle it crafted: up to format 3 the planner
// signed exactly that text with personal_sign at 44'/60'/0'/0/0, the desk's first wallet. Now the
// console refuses the agreement (nothing reaches the Ledger, nothing is posted), the planner's key
// at its own path signs no personal message at all, and even a personal_sign of that text, by any
// key, does not make the crafted bundle pass the offline review: the planner signs EIP-712 typed
// data, which no personal_sign can produce.
let world: SigningWorld, view: Portfolio;
signingWorldForFile((w, v) => ([world, view] = [w, v]));

const serviceSends = agreementTextsEachTest(
  () => world,
  () => view,
);

/** The planner's account on the desk's Ledger (the simulation's seed), and the account that was the planner up to format 3. */
const PLANNER = deriveAtPath(PLANNER_PATH);
const OLD_PLANNER = deriveAccount(0);

/** The bundle the service crafted (a deposit plan of its own), before any planner signature. */
function craftedDraft(): UnsignedDraft {
  const { planner: _p, checksum: _c, ...draft } = makeUnsigned('deposit');
  return draft;
}

/**
 * An offline install with the fixture vault pinned, trusting `planners` (keys of the simulation's
 * public seed: trusted in memory, as a demo run does); it touches no service, chain or device.
 */
async function offlineInstall(planners: string[]) {
  const dataDir = await mkdtemp(path.join(world.dataDir, 'offline-attack-'));
  const registry = new VaultRegistry(dataDir, undefined, { failClosed: true });
  await registry.importFile(unsignedRegistryText());
  return offlineServices({ dataDir, registry, demoPlanners: planners.map((address) => ({ address, label: 'Planning desk' })) }).bundles;
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err as { code: string; message: string; action?: string },
  );

describe('a hostile service serving the planner text of a crafted bundle as a lender agreement', () => {
  it('is refused: nothing reaches the Ledger and nothing is posted to the service', async () => {
    const beta = view.vaults.find((v) => v.id === world.vaultId(view, 'beta'))!;
    const plannerText = `Vaultdesk unsigned bundle ${plannerHash(craftedDraft())}`;
    const id = serviceSends(beta.id, `Terms of service\n\n${plannerText}`);
    const posted = world.service.store.signedMessages.all().length;
    // The desk's first account (the planner up to format 3) among the wallets, as in the attack.
    const wallets = [{ address: OLD_PLANNER.address, label: 'Desk 0', path: "44'/60'/0'/0/0" }, ...world.wallets.slice(0, 2)];
    const refused = await refusalOf(world.signing.plan({ vaultId: beta.id, action: 'agreements', wallets }));
    expect(refused).toMatchObject({ code: 'SIGNING_AGREEMENT_REFUSED' });
    expect(refused!.message).toContain('resembles a message of Vaultdesk itself');
    expect(refused!.message).toContain(`agreement record ${id} of ${beta.name}`);
    expect(refused!.action).toMatch(/Nothing was planned or signed/);
    // A deposit, which needs the agreements signed, is refused the same way.
    expect(await refusalOf(world.signing.plan({ vaultId: beta.id, action: 'deposit', amount: '1', wallets }))).toMatchObject({
      code: 'SIGNING_AGREEMENT_REFUSED',
    });
    expect(world.reviews).toHaveLength(0);
    expect(world.ledger.pendingConfirmation).toBeNull();
    expect(world.service.store.signedMessages.all().length).toBe(posted);
  });

  it("cannot be signed by the planner's key: the device service signs no personal message and no transaction at its path", async () => {
    const plannerText = `Vaultdesk unsigned bundle ${plannerHash(craftedDraft())}`;
    expect(await refusalOf(world.device.signPersonalMessage(PLANNER_PATH, plannerText))).toMatchObject({
      code: 'DEVICE_INVALID_REQUEST',
      message: expect.stringContaining("the planner's account"),
    });
    const tx = { type: 'eip1559' as const, chainId: 31337, to: OLD_PLANNER.address, value: '0', nonce: 0, gas: '21000', maxFeePerGas: '1', maxPriorityFeePerGas: '1' };
    expect(await refusalOf(world.device.signTransaction(PLANNER_PATH, tx))).toMatchObject({ code: 'DEVICE_INVALID_REQUEST' });
    expect(world.reviews).toHaveLength(0);
  });

  it('gains nothing from a personal_sign of that text, by the planner or the old planner account: the offline review refuses the crafted bundle', async () => {
    const draft = craftedDraft();
    const plannerText = `Vaultdesk unsigned bundle ${plannerHash(draft)}`;
    // The old planner account signs it on the emulated Ledger, as a wallet signing an agreement would.
    const byOldPlanner = await world.device.signPersonalMessage("44'/60'/0'/0/0", plannerText);
    expect(world.reviews).toHaveLength(1);
    // The planner's own key, were it ever made to personal_sign it outside the console.
    const sig = secp256k1.sign(hexToBytes(hashMessage(plannerText)), hexToBytes(PLANNER.privateKey));
    const byPlanner = `0x${sig.toCompactHex()}${(27 + sig.recovery).toString(16)}`;

    const install = await offlineInstall([PLANNER.address, OLD_PLANNER.address]);
    for (const planner of [
      { address: PLANNER.address, signature: byPlanner },
      { address: OLD_PLANNER.address, signature: byOldPlanner.signature },
    ]) {
      const forged = bundleText(signedByPlanner(draft, planner));
      const refused = await refusalOf(install.importUnsigned(forged, 'terms-of-service.json'));
      expect(refused).toMatchObject({ code: 'BUNDLE_PLANNER_SIGNATURE' });
      expect(refused!.message).toContain('not a Vaultdesk planner signature');
      expect(refused!.action).toMatch(/^Do not sign or send anything from this file/);
    }
    // Written as the format-3 bundle that signature was made for, it is refused as retired.
    const v3 = bundleText(seal<UnsignedBundle>({ ...draft, version: 3, planner: { address: OLD_PLANNER.address, signature: byOldPlanner.signature } } as unknown as UnsignedBundle));
    expect(await refusalOf(install.importUnsigned(v3, 'terms-of-service.json'))).toMatchObject({ code: 'BUNDLE_FORMAT_RETIRED' });
    // Nothing of it was signed: the offline install's device was never asked.
    expect(world.reviews).toHaveLength(1);
  });

  it("passes only with the planner's EIP-712 signature from its Ledger, whose two hashes the console predicted", async () => {
    const draft = craftedDraft();
    const hashes = plannerHashes(draft);
    const signed = await world.device.signTypedDataHash(PLANNER_PATH, { domainHash: hashes.domainHash, messageHash: hashes.messageHash });
    expect(signed.address).toBe(PLANNER.address);
    expect(world.reviews).toEqual([hashedTypedDataReview(hashes)]);
    const install = await offlineInstall([PLANNER.address]);
    const imported = await install.importUnsigned(bundleText(signedByPlanner(draft, { address: signed.address, signature: signed.signature as Hex })), 'genuine.json');
    expect(imported.bundle.planner).toBe(PLANNER.address);
    expect(imported.plan.warnings.join(' ')).toContain(`Planned and signed by Planning desk ${PLANNER.address}`);
  });
});
