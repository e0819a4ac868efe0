import { describe, expect, it } from 'vitest';
import { AppError, toAppErrorData } from '../../../shared/errors';
import { isoToSeconds } from '../../../shared/domain/time';

describe('toAppErrorData', () => {
  it('keeps an AppError whole, details copied', () => {
    const details = { batchId: 'b1' };
    const data = toAppErrorData(new AppError({ code: 'DEVICE_LOCKED', message: 'Locked.', action: 'Unlock it.', details }));
    expect(data).toEqual({ code: 'DEVICE_LOCKED', message: 'Locked.', action: 'Unlock it.', details: { batchId: 'b1' } });
    expect(data.details).not.toBe(details);
  });

  it('keeps an error that crossed a process boundary as a plain object', () => {
    expect(toAppErrorData({ code: 'DEVICE_REJECTED', message: 'Rejected on the device.', action: 42 })).toEqual({
      code: 'DEVICE_REJECTED',
      message: 'Rejected on the device.',
    });
  });

  it('turns anything else into the fallback code with its message', () => {
    const nodeError = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(toAppErrorData(nodeError)).toEqual({ code: 'UNEXPECTED', message: 'connect ECONNREFUSED' });
    expect(toAppErrorData('plain text', 'UI_ERROR')).toEqual({ code: 'UI_ERROR', message: 'plain text' });
    expect(toAppErrorData(null)).toEqual({ code: 'UNEXPECTED', message: 'null' });
  });
});

describe('isoToSeconds', () => {
  it.each([
    ['2026-11-24T10:00:00.000Z', 1795514400],
    ['2026-11-24T10:00:00Z', 1795514400],
    ['2026-11-24T11:00:00+01:00', 1795514400],
    ['2026-11-24T10:00:00.999Z', 1795514400],
  ])('reads %s', (iso, seconds) => {
    expect(isoToSeconds(iso)).toBe(seconds);
  });

  it.each([[undefined], [null], [''], ['not a date'], [1795514400]])('gives null, never NaN, for %s', (value) => {
    expect(isoToSeconds(value)).toBeNull();
  });
});
