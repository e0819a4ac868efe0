/**
 * The review's line on how the Ledger shows the plan's calls: all in clear (the demo's claims from
 * their descriptors), all blind (a bundle, which carries no descriptors), or both (a demo deposit:
 * the token's approval blind, the deposit in clear). Messages are not counted.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlanLedgerShows } from '../../../renderer/src/signing/PlanLedgerShows';
import type { Plan } from '../../../shared/signing/schemas';

type Item = Plan['items'][number];
const call = (functionName: string, blindSigning: boolean) => ({ review: { kind: 'transaction', functionName, blindSigning } }) as unknown as Item;
const message = { review: { kind: 'message' } } as unknown as Item;
const text = (items: Item[]) =>
  renderToStaticMarkup(createElement(PlanLedgerShows, { items }))
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");

describe('which calls the Ledger shows in clear', () => {
  it('every call in clear: no blind signing needed', () => {
    expect(text([call('claimDepositRequest', false), call('claimDepositRequest', false)])).toBe(
      'The Ledger shows all 2 calls in clear (claimDepositRequest ×2): compare their fields on the device; no blind signing is needed.',
    );
  });

  it('every call blind: compare each hash', () => {
    expect(text([call('approve', true), call('requestWithdraw', true)])).toBe("The Ledger shows all 2 calls blind (approve, requestWithdraw): compare each one's hash.");
  });

  it('a deposit: its approval blind, the deposit in clear, the agreement message left out', () => {
    expect(text([message, call('approve', true), call('requestDeposit', false), call('approve', true), call('depositAA', false)])).toBe(
      "The Ledger shows 2 calls in clear (requestDeposit, depositAA): compare their fields on the device, and 2 calls blind (approve ×2): compare each one's hash.",
    );
  });

  it('nothing to say for messages alone', () => {
    expect(text([message])).toBe('');
  });
});
