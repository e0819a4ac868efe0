import { describe, expect, it } from 'vitest';
import { BaseUnitsSchema, DateTimeSchema, isKnownValue, NumberSchema, VaultRequestSchema } from '../../../shared/service';
import { localizedText } from '../../../shared/domain/text';
import { requestAction } from '../../../shared/domain/actions';
import { cycleStateFromService } from '../../../shared/domain/cycle';

describe('values normalised at the boundary', () => {
  it('reads any ISO form of a date, a date without a zone as UTC', () => {
    const forms = [
      '2026-11-01T12:00:00.000Z',
      '2026-11-01T12:00:00Z',
      '2026-11-01T12:00:00',
      '2026-11-01T14:00:00.000+02:00',
      '2026-11-01T14:00:00+0200',
      '2026-11-01 12:00',
    ];
    for (const form of forms) expect(DateTimeSchema.parse(form), form).toBe('2026-11-01T12:00:00.000Z');
    expect(DateTimeSchema.parse('2026-11-01')).toBe('2026-11-01T00:00:00.000Z');
    expect(DateTimeSchema.safeParse('yesterday').success).toBe(false);
    expect(DateTimeSchema.safeParse('2026-13-45T00:00:00Z').success).toBe(false);
  });

  it('reads amounts as strings or exact JSON numbers, and never rounds one that cannot be read exactly', () => {
    expect(BaseUnitsSchema.parse('1000000')).toBe('1000000');
    expect(BaseUnitsSchema.parse(1_000_000)).toBe('1000000');
    expect(BaseUnitsSchema.parse('007')).toBe('7');
    const tooBig = BaseUnitsSchema.safeParse(2 ** 53 + 2);
    expect(tooBig.success).toBe(false);
    expect(tooBig.error?.issues[0]?.message).toBe('an amount sent as a JSON number above 2^53 cannot be read exactly');
    expect(BaseUnitsSchema.safeParse('250.5').error?.issues[0]?.message).toBe(
      'expected an integer amount of base units, got a decimal string',
    );
    expect(BaseUnitsSchema.safeParse(1.5).success).toBe(false);
  });

  it('reads figures written as numeric strings', () => {
    expect(NumberSchema.parse('10')).toBe(10);
    expect(NumberSchema.parse('9.75')).toBe(9.75);
    expect(NumberSchema.safeParse('ten').success).toBe(false);
  });

  it('keeps a request of a type and status it does not know, and takes no action on it', () => {
    const r = VaultRequestSchema.parse({
      vaultId: 'v',
      walletAddress: `0x${'1'.repeat(40)}`,
      type: 'MIGRATE',
      status: 'QUEUED',
      amount: '5',
    });
    expect([r.type, r.status]).toEqual(['MIGRATE', 'QUEUED']);
    expect(isKnownValue('requestType', r.type)).toBe(false);
    expect(isKnownValue('requestStatus', 'INSTANT_CLAIMABLE')).toBe(true);
    expect(requestAction({ type: 'MIGRATE', status: 'PENDING' }, 'WAITING')).toEqual({
      action: null,
      reason: 'The service records a request of type MIGRATE, which this console does not know: it takes no action on it.',
    });
    expect(requestAction({ type: 'WRITEOFF', status: 'PENDING' }, 'WAITING').action).toBeNull();
  });

  it('reads the cure period as an epoch over but not stopped', () => {
    expect(cycleStateFromService('CURE', null, 0)).toBe('RUNNING_PAST_END');
  });

  it("picks a text in the reader's language from the protocol's locale keys", () => {
    expect(localizedText({ en_EN: 'Credit' }, 'en-GB')).toBe('Credit');
    expect(localizedText({ it_IT: 'Credito' }, 'fr')).toBe('Credito');
  });
});
