import { describe, expect, it } from 'vitest';
import type { RequestRow } from '../../../shared/portfolio/schemas';
import { changedSincePicked, matchesSearch, splitSelection, useRequestSelection } from '../../../renderer/src/requests/requests-selection';
import { useSigningStore } from '../../../renderer/src/signing/signing-store';
import { freshStores } from './fake-bridge';

freshStores(useRequestSelection, useSigningStore);

const row = (id: string, vaultId: string, status = 'CLAIMABLE'): RequestRow =>
  ({ id, vaultId, wallet: `0x${id.padStart(40, '0')}`, type: 'DEPOSIT', status, reason: null }) as unknown as RequestRow;
const texts = { label: 'Desk 7', vaultName: 'Delta Credit', chainName: 'Local', action: 'Claim deposit' };

describe('the Requests selection', () => {
  it('says which selected requests the filters hide, and unselects just those when asked', () => {
    const rows = [row('1', 'a'), row('2', 'a'), row('3', 'b')];
    useRequestSelection.getState().set({ 1: true, 2: true, 3: true });
    const { shown, hidden } = splitSelection(rows, (r) => r.vaultId === 'b');
    expect(shown.map((r) => r.id)).toEqual(['3']);
    expect(hidden.map((r) => r.id)).toEqual(['1', '2']);
    useRequestSelection.getState().drop(hidden.map((r) => r.id));
    expect(useRequestSelection.getState().selected).toEqual({ 3: true });
  });

  it('matches the search over what the row shows', () => {
    expect(matchesSearch(row('1', 'a'), 'desk 7', texts)).toBe(true);
    expect(matchesSearch(row('1', 'a'), 'claim dep', texts)).toBe(true);
    expect(matchesSearch(row('1', 'a'), 'instant', texts)).toBe(false);
    expect(matchesSearch(row('1', 'a'), '  ', texts)).toBe(true);
  });
});

describe('the New operation form', () => {
  it('has no default withdrawal amount, and an amount never carries from one action to another', () => {
    expect(useSigningStore.getState().operation).toMatchObject({ action: 'deposit', amount: '', everything: false });
    useSigningStore.getState().setOperation({ amount: '250' });
    useSigningStore.getState().setOperation({ action: 'withdraw' });
    expect(useSigningStore.getState().operation).toMatchObject({ action: 'withdraw', amount: '', everything: false });
  });
});

describe('a request picked to cancel whose epoch was processed', () => {
  it('is not taken as a claim: it is named as changed since it was picked', () => {
    const pending = { ...row('9', 'a', 'PENDING'), action: { kind: 'cancel' } } as RequestRow;
    useRequestSelection.getState().set({ 9: true }, [pending]);
    const processed = { ...pending, status: 'CLAIMABLE', action: { kind: 'claim' } } as RequestRow;
    const { picked } = useRequestSelection.getState();
    expect(changedSincePicked([processed], picked)).toEqual([processed]);
    expect(changedSincePicked([pending], picked)).toEqual([]);
    // Picked again as it is now, it is a claim the operator chose.
    useRequestSelection.getState().drop(['9']);
    useRequestSelection.getState().set({ 9: true }, [processed]);
    expect(changedSincePicked([processed], useRequestSelection.getState().picked)).toEqual([]);
  });
});
