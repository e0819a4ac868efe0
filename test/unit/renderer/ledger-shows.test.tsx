/**
 * What the review promises the Ledger shows, worded for the Ethereum app version the console read:
 * the hash of a blind-signed call (from 1.14.0), or an approval in clear with no hash.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LedgerShowsFor, PredictedFor, screensOnLedger } from '../../../renderer/src/device/ledger-shows';
import { approvalReviewScreens, transactionReviewScreens } from '../../../shared/device/screens';
import { transactionReview } from '../signing/review-fixture';

const HASH = '0x' + 'ab'.repeat(32);
const FROM = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
const blind = transactionReviewScreens({ chainId: 1, to: FROM, value: '0', dataPresent: true, maxFee: '1', signingHash: HASH });
const text = (screens = blind, version: string | null = null) =>
  renderToStaticMarkup(createElement(LedgerShowsFor, { screens, signingHash: HASH, version }))
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

describe('what the Ledger shows, per app version', () => {
  it('before the version is read: the hash, from the version Vaultdesk requires', () => {
    expect(text()).toBe(
      `Blind signing: the Ethereum app shows the hash as "Tx hash" (from version 1.14.0, which Vaultdesk checks before signing) ${HASH}; compare it before approving.`,
    );
  });

  it('with the version read: names it', () => {
    expect(text(blind, '1.19.1')).toBe(
      `Blind signing: the Ledger (Ethereum app 1.19.1) shows the hash as "Tx hash" ${HASH}; compare it before approving.`,
    );
  });

  it('an app older than 1.14.0: says it shows no hash and to update', () => {
    expect(text(blind, '1.13.1')).toMatch(
      /Ethereum app on the Ledger is 1\.13\.1, which shows no hash: update it to 1\.14\.0 or later in Ledger Live/,
    );
  });

  it('an approval in clear: the amount and the spender, no hash and no blind signing', () => {
    const clear = approvalReviewScreens({
      chainId: 1,
      token: { ticker: 'USDC', decimals: 6 },
      spender: FROM,
      amount: '1500000',
      maxFee: '1',
    });
    expect(text(clear)).toBe(
      `Clear signing: the Ledger shows this approval from the token's signed information (1.5 USDC to ${FROM}); compare it before approving. No blind signing is needed.`,
    );
  });

  it('names the model and the label of the hash on it', () => {
    const stax = transactionReviewScreens({ chainId: 1, to: FROM, value: '0', dataPresent: true, maxFee: '1', signingHash: HASH, model: 'stax' });
    const markup = renderToStaticMarkup(createElement(LedgerShowsFor, { screens: stax, signingHash: HASH, version: '1.22.0', model: 'stax' }));
    expect(markup.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"')).toContain('Ledger Stax (Ethereum app 1.22.0) shows the hash as "Transaction hash"');
  });
});

const REVIEW = transactionReview({
  amount: null,
  blindSigning: true,
  signingHash: HASH,
  // As the plan predicts it: before the device is read, the current app on a Nano X.
  deviceScreens: transactionReviewScreens({
    chainId: 31337,
    to: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    value: '0',
    dataPresent: true,
    maxFee: '120000000000000',
    signingHash: HASH,
  }),
});

describe('the review predicted for the device the console read', () => {
  it('re-predicts the planned screens for the model and app version read, with the signing account', () => {
    const onStax = screensOnLedger(REVIEW, FROM, { appVersion: '1.16.0', model: 'stax' });
    expect(onStax.map((s) => s.title)).toEqual([
      'Blind signing ahead',
      'Review transaction',
      'Transaction hash',
      'From',
      'To',
      'Max fees',
      'Network',
      'Accept risk and sign transaction?',
      'Reject transaction',
    ]);
    expect(onStax).toContainEqual({ title: 'Max fees', value: '??? 0.00012' });
    const unread = screensOnLedger(REVIEW, FROM, { appVersion: null, model: null });
    expect(unread[2]).toEqual({ title: 'From', value: FROM });
    expect(unread.at(-3)).toEqual({ title: 'Tx hash', value: HASH });
  });

  it('keeps the planned screens (adding From) when the review\'s facts do not rebuild them', () => {
    const odd = { ...REVIEW, deviceScreens: [{ title: 'Review transaction' }, { title: 'Something else' }] };
    expect(screensOnLedger(odd, FROM, { appVersion: '1.22.0', model: 'stax' })).toEqual([
      { title: 'Review transaction' },
      { title: 'From', value: FROM },
      { title: 'Something else' },
    ]);
  });

  it('says which model and version it predicts for, and when they are assumed', () => {
    const said = (appVersion: string | null, model: 'stax' | null) =>
      renderToStaticMarkup(createElement(PredictedFor, { device: { appVersion, model } })).replace(/<[^>]+>/g, '');
    expect(said('1.19.3', 'stax')).toBe('As a Ledger Stax with Ethereum app 1.19.3 shows it (read from the device).');
    expect(said(null, null)).toMatch(/^As a Ledger Nano X with Ethereum app 1\.22\.0 shows it: the model and app version not read from the device yet \(assumed\)/);
  });
});
