/**
 * What the review promises the Ledger shows, worded for the Ethereum app version the console read:
 * the hash of a blind-signed call (from 1.14.0), or an approval in clear with no hash.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LedgerShowsFor, screensOnLedger } from '../../../renderer/src/device/ledger-shows';
import { approvalReviewScreens, transactionReviewScreens } from '../../../shared/device/screens';

const HASH = '0x' + 'ab'.repeat(32);
const FROM = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
const blind = transactionReviewScreens({ chainId: 1, to: FROM, value: '0', dataPresent: true, maxFee: '1', signingHash: HASH });
const text = (screens = blind, version: string | null = null) =>
  renderToStaticMarkup(createElement(LedgerShowsFor, { screens, signingHash: HASH, version }))
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");

describe('what the Ledger shows, per app version', () => {
  it('before the version is read: the hash, from the version Vaultdesk requires', () => {
    expect(text()).toBe(
      `Blind signing: the Ethereum app shows the hash (from version 1.14.0, which Vaultdesk checks before signing) ${HASH}; compare it before approving.`,
    );
  });

  it('with the version read: names it', () => {
    expect(text(blind, '1.19.1')).toBe(
      `Blind signing: the Ledger (Ethereum app 1.19.1) shows the hash ${HASH}; compare it before approving.`,
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
      `Clear signing: the Ledger shows this approval from Ledger's token information (USDC 1.5 to ${FROM}); compare it before approving. No blind signing is needed.`,
    );
  });

  it('adds "From" to the predicted screens for the wallet that signs', () => {
    expect(screensOnLedger(blind, FROM, '1.19.1')[2]).toEqual({ title: 'From', value: FROM });
    expect(screensOnLedger(blind, undefined, null)).toBe(blind);
  });
});
