/**
 * The planner's review of a deposit's approval in the demo: a token the clear-signing source lists,
 * on a chain the source describes, is reviewed in clear (no acknowledgement for it) and its device
 * screens are the approval's clear review with the network's given name; without a description of
 * the chain, or outside the demo (no source), it stays blind, by its hash.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CalldataDescriptorSource } from '../../../electron/services/device/clear-signing';
import { describeNetwork } from '../../../electron/services/device/network-description';
import { encodeDescriptorList, indexDescriptors } from '../../../electron/services/device/token-descriptors';
import { redraft } from '../../../electron/services/signing/redraft';
import { vaultTokenListings } from '../../../electron/services/device/vault-token-listing';
import type { PinnedVault } from '../../../shared/registry/schemas';
import { signWithTestNetworkKey, testNetworkCertificate } from '../../../electron/demo/ledger/pki';
import { signWithEmulatorKey } from '../../../electron/demo/ledger/token-info';
import { LedgerShowsFor } from '../../../renderer/src/device/ledger-shows';
import { screensForDevice } from '../../../renderer/src/device/predict-review';
import { needsBlindSigningAck } from '../../../shared/signing/blind-signing';
import type { BatchItem } from '../../../shared/signing/schemas';
import { APPROVAL_GAS, draftApproval, FEES, VAULT } from './batch-fixture';

const tokens = indexDescriptors(
  encodeDescriptorList([signWithEmulatorKey({ ticker: 'USDC', address: VAULT.underlying.address as `0x${string}`, decimals: 6, chainId: VAULT.chainId })]),
);
const network = describeNetwork({ chainId: VAULT.chainId, name: 'Demo chain 31337', ticker: 'ETH' }, { certificate: testNetworkCertificate(), sign: signWithTestNetworkKey });
const demoSource: CalldataDescriptorSource = { find: () => null, tokens, network: (id) => (id === VAULT.chainId ? network : null) };
const shows = (review: { deviceScreens: { title: string; value?: string }[]; signingHash: string }) =>
  renderToStaticMarkup(createElement(LedgerShowsFor, { screens: review.deviceScreens, signingHash: review.signingHash, version: '1.22.0' })).replace(/<[^>]+>/g, '');

describe("a deposit's approval in the demo", () => {
  it('is reviewed in clear: the amount with its ticker, the spender, the network as its description names it', () => {
    const { tx, review } = draftApproval(0, demoSource);
    expect(review.blindSigning).toBe(false);
    expect(review.deviceScreens).toEqual([
      { title: 'Review transaction to approve ERC20 token' },
      { title: 'Approve', value: '250.5 USDC' },
      { title: 'Approve to', value: VAULT.epochVault },
      { title: 'Network', value: 'Demo chain 31337' },
      { title: 'Max fees', value: '0.00012 ETH' },
      { title: 'Sign transaction' },
      { title: 'Reject transaction' },
    ]);
    expect(needsBlindSigningAck([{ tx, review }])).toBe(false);
    expect(shows(review)).toMatch(/^Clear signing: the Ledger shows this approval .*\(250\.5 USDC to 0x1111111111111111111111111111111111111111\); compare it before approving\. No blind signing is needed\.$/);
  });

  it('is shown beside the item as the device will show it: with the sender, and for the model read from the device', () => {
    const { review } = draftApproval(0, demoSource);
    const from = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
    const nanoX = screensForDevice(review, from, { appVersion: null, model: null });
    expect(nanoX.slice(0, 3)).toEqual([{ title: 'Review transaction to approve ERC20 token' }, { title: 'From', value: from }, { title: 'Approve', value: '250.5 USDC' }]);
    const stax = screensForDevice(review, from, { appVersion: '1.22.0', model: 'stax' });
    expect(stax).toContainEqual({ title: 'Network', value: 'Demo chain 31337' });
    expect(stax).toContainEqual({ title: 'Max fees', value: '0.00012 ETH' });
    expect(stax.at(-2)).toEqual({ title: 'Sign transaction to approve ERC20 token?' });
  });

  it('keeps its clear review when the nonce moves before the device', () => {
    const { tx, review } = draftApproval(0, demoSource);
    const item = { tx, review } as BatchItem;
    redraft(item, { nonce: 3, fees: FEES, gas: APPROVAL_GAS }, demoSource);
    expect(item.review).toMatchObject({ blindSigning: false, nonce: 3 });
    expect(item.review?.kind === 'transaction' && item.review.deviceScreens).toContainEqual({ title: 'Network', value: 'Demo chain 31337' });
  });

  it('without a description of the chain, or with no source (not the demo), is reviewed blind by its hash', () => {
    for (const source of [{ find: () => null, tokens }, undefined] as const) {
      const { tx, review } = draftApproval(0, source);
      expect(review.blindSigning).toBe(true);
      expect(review.deviceScreens[0]?.title).toMatch(/^Blind signing/);
      expect(needsBlindSigningAck([{ tx, review }])).toBe(true);
    }
  });
});

describe("Settings' word on the demo's tokens", () => {
  it('says the demo shows their approvals in clear, only where its source describes the chain and lists the token', () => {
    const pinned = {
      vaultId: VAULT.id,
      name: VAULT.name,
      chainId: VAULT.chainId,
      contracts: { underlying: VAULT.underlying.address, tranche: VAULT.tranche.address },
      tokens: { underlying: { symbol: 'USDC' }, tranche: { symbol: 'AA_alpha' } },
    } as unknown as PinnedVault;
    const [underlying, tranche] = vaultTokenListings([pinned], demoSource);
    expect(underlying).toMatchObject({ ticker: null, demoInClear: true });
    // The tranche token has no information in this source: blind.
    expect(tranche?.demoInClear).toBeUndefined();
    expect(vaultTokenListings([pinned], { find: () => null, tokens })[0]?.demoInClear).toBeUndefined();
    expect(vaultTokenListings([pinned])[0]?.demoInClear).toBeUndefined();
  });
});
