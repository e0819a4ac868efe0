/**
 * The review says, per call, whether the Ledger will show it in clear (a certified descriptor
 * covers it: its intent and fields, no hash) or blind (the hash to compare), and predicts the
 * screens the emulated device shows for it.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { certifiedSource } from '../../../electron/services/device/clear-signing';
import { deploymentDescriptor } from '../../../electron/services/device/vault-descriptors';
import { buildDraft } from '../../../electron/services/signing/drafts';
import { signWithTestCalldataKey, testCalldataCertificate } from '../../../electron/demo/ledger/pki';
import { LedgerShowsFor } from '../../../renderer/src/device/ledger-shows';
import type { TxStep } from '../../../shared/signing/rules';
import { DEFAULT_VAULT as VAULT } from '../../support/bundle-fixture';

const FEES = { maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
const GAS = { gas: 60_000n, estimated: true };
const deposit: TxStep = {
  kind: 'transaction',
  step: 'depositAA',
  contract: 'epochVault',
  functionName: 'depositAA',
  args: [250_500_000n],
  amount: { token: 'underlying', value: 250_500_000n },
  spender: null,
  requestId: null,
};
const claim: TxStep = { ...deposit, step: 'claimRedeem', functionName: 'claimWithdrawRequest', args: [], amount: null };
const source = certifiedSource(
  [
    deploymentDescriptor('CDO_EPOCH_MAIN_2026', {
      chainId: VAULT.chainId,
      address: VAULT.epochVault,
      underlyingToken: VAULT.underlying.address,
    })!,
  ],
  { certificate: testCalldataCertificate(), sign: signWithTestCalldataKey },
);
const shows = (review: { deviceScreens: { title: string; value?: string }[]; signingHash: string }) =>
  renderToStaticMarkup(createElement(LedgerShowsFor, { screens: review.deviceScreens, signingHash: review.signingHash, version: '1.22.0' }))
    .replace(/<[^>]+>/g, '')
    .replace(/[\u201c\u201d]/g, '"');

describe('the review of a vault call', () => {
  it('covered by a certified descriptor: clear, its intent and fields, no hash', () => {
    const { review } = buildDraft({ vault: VAULT, step: deposit, nonce: 0, fees: FEES, gas: GAS, calldataDescriptors: source });
    expect(review).toMatchObject({ blindSigning: false });
    expect(review.deviceScreens).toEqual([
      { title: 'Review transaction to Deposit' },
      { title: 'Interaction with', value: 'Pareto' },
      // The demo's underlying has no token information from Ledger: the device shows base units and "???".
      { title: 'Amount', value: '250500000 ???' },
      { title: 'Network', value: '31337' },
      { title: 'Max fees', value: '0.00012 ???' },
      { title: 'Sign transaction to Deposit' },
      { title: 'Reject transaction' },
    ]);
    expect(shows(review)).toBe(
      'Clear signing: the Ledger shows this call from its certified descriptor, "Deposit" (Amount 250500000 ???); compare it before approving. No blind signing is needed.',
    );
  });

  it('a call without fields: clear, its intent only', () => {
    const { review } = buildDraft({ vault: VAULT, step: claim, nonce: 0, fees: FEES, gas: GAS, calldataDescriptors: source });
    expect(shows(review)).toBe(
      'Clear signing: the Ledger shows this call from its certified descriptor, "Claim redeem"; compare it before approving. No blind signing is needed.',
    );
  });

  it('without a descriptor: blind, by the hash', () => {
    const { review } = buildDraft({ vault: VAULT, step: deposit, nonce: 0, fees: FEES, gas: GAS });
    expect(review).toMatchObject({ blindSigning: true });
    expect(shows(review)).toContain(review.signingHash);
    expect(shows(review)).toEqual(
      expect.stringMatching(/^Blind signing: the Ledger \(Ethereum app 1\.22\.0\) shows the hash.*; compare it before approving\.$/),
    );
  });
});
