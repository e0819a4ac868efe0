import { describe, expect, it } from 'vitest';
import { needsBlindSigningAck } from '../../../shared/signing/blind-signing';

const tx = { type: 'eip1559' };
const transaction = (blindSigning: boolean) => ({ tx, review: { kind: 'transaction', blindSigning } });
const message = { tx: null, review: { kind: 'message' } };

describe('the blind-signing acknowledgement a plan asks for', () => {
  it('is asked when one transaction is shown blind on the Ledger', () => {
    expect(needsBlindSigningAck([transaction(false), transaction(true)])).toBe(true);
  });

  it('is not asked when every transaction is shown in clear (a listed token, a certified descriptor), nor for messages', () => {
    expect(needsBlindSigningAck([transaction(false), transaction(false), message])).toBe(false);
    expect(needsBlindSigningAck([message])).toBe(false);
  });

  it('is asked for a transaction whose review does not say it is clear', () => {
    expect(needsBlindSigningAck([{ tx, review: null }])).toBe(true);
  });
});
