/**
 * Every status word of the Ledger Ethereum app, and every transport failure, reads as a clear
 * message with an action, never as an unknown error. Classification goes by name and statusCode,
 * so it holds for each copy of @ledgerhq/errors in the dependency tree and for plain objects that
 * crossed a process boundary.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { describeDeviceError, describeStatusWord } from '../../../shared/device/errors';

const require = createRequire(import.meta.url);
const errorCopies = [
  ['@ledgerhq/errors (top level)', require('@ledgerhq/errors')],
  [
    '@ledgerhq/errors (under hw-transport-node-hid)',
    require(require.resolve('@ledgerhq/errors', { paths: [require.resolve('@ledgerhq/hw-transport-node-hid')] })),
  ],
] as const;

const CASES: [number, string, RegExp][] = [
  [0x6985, 'DEVICE_REJECTED', /rejected on the Ledger/],
  [0x5515, 'DEVICE_LOCKED', /locked/],
  [0x6b0c, 'DEVICE_LOCKED', /locked/],
  [0x6804, 'DEVICE_LOCKED', /locked/],
  [0x6a80, 'DEVICE_INVALID_DATA', /invalid/],
  [0x6d00, 'DEVICE_WRONG_APP', /Ethereum app is not open/],
  [0x6d02, 'DEVICE_WRONG_APP', /Ethereum app is not open/],
  [0x6e00, 'DEVICE_WRONG_APP', /Ethereum app is not open/],
  [0x6e01, 'DEVICE_WRONG_APP', /Ethereum app is not open/],
  [0x6511, 'DEVICE_WRONG_APP', /Ethereum app is not open/],
  [0x650f, 'DEVICE_WRONG_APP', /Ethereum app is not open/],
  [0x6501, 'DEVICE_TX_TYPE_UNSUPPORTED', /transaction type/],
  [0x6b00, 'DEVICE_BAD_PARAMETERS', /parameters/],
  [0x6807, 'DEVICE_APP_NOT_INSTALLED', /not installed/],
  [0x5501, 'DEVICE_OPEN_APP_REFUSED', /refused/],
];

describe('status words', () => {
  it.each(CASES)('0x%s → %s', (sw, code, message) => {
    const described = describeStatusWord(sw);
    expect(described.code).toBe(code);
    expect(described.message).toMatch(message);
    expect(described.message).not.toMatch(/unknown/i);
    expect(described.action).toBeTruthy();
  });

  it.each(errorCopies)('reads TransportStatusError from %s by its statusCode', (_name, errors) => {
    for (const [sw, code] of CASES) {
      const err = new errors.TransportStatusError(sw);
      expect(describeDeviceError(err).code).toBe(code);
    }
    // 0x5515 becomes a LockedDeviceError subclass.
    expect(new errors.TransportStatusError(0x5515).name).toBe('LockedDeviceError');
  });

  it('names an unlisted word by its number instead of calling it unknown', () => {
    const described = describeStatusWord(0x6a99);
    expect(described).toMatchObject({ code: 'DEVICE_STATUS', message: 'The Ledger answered with status 0x6A99.' });
    expect(
      describeDeviceError({ name: 'TransportStatusError', statusCode: 0x6a99, message: 'Ledger device: UNKNOWN_ERROR (0x6a99)' }).message,
    ).not.toMatch(/unknown/i);
  });
});

describe('transport failures', () => {
  const errors = errorCopies[0][1];
  it.each([
    [
      'EthAppPleaseEnableContractData',
      { name: 'EthAppPleaseEnableContractData', message: 'Please enable Blind signing' },
      'DEVICE_BLIND_SIGNING_OFF',
    ],
    ['LockedDeviceError', new errors.LockedDeviceError(), 'DEVICE_LOCKED'],
    ['DisconnectedDevice', new errors.DisconnectedDevice(), 'DEVICE_DISCONNECTED'],
    ['DisconnectedDeviceDuringOperation', new errors.DisconnectedDeviceDuringOperation('read error'), 'DEVICE_DISCONNECTED'],
    ['TransportRaceCondition', new errors.TransportRaceCondition('busy'), 'DEVICE_BUSY'],
    ['TransportLocked', new errors.TransportError('Ledger Device is busy (lock getAddress)', 'TransportLocked'), 'DEVICE_BUSY'],
    ['CantOpenDevice', new errors.CantOpenDevice(), 'DEVICE_CANNOT_OPEN'],
    ['cannot open device with path', new Error('cannot open device with path /dev/hidraw3'), 'DEVICE_CANNOT_OPEN'],
    ['NoDevice', new errors.TransportError('NoDevice', 'NoDevice'), 'DEVICE_NOT_FOUND'],
    ['ListenTimeout', new errors.TransportError('No Ledger device found (timeout)', 'ListenTimeout'), 'DEVICE_NOT_FOUND'],
    ['TransportExchangeTimeoutError', new errors.TransportExchangeTimeoutError(), 'DEVICE_TIMEOUT'],
    ['DataLengthTooBig', new errors.TransportError('data.length exceed 256 bytes limit', 'DataLengthTooBig'), 'DEVICE_REQUEST_TOO_LARGE'],
  ] as const)('%s', (_name, err, code) => {
    const described = describeDeviceError(err);
    expect(described.code).toBe(code);
    expect(described.action).toBeTruthy();
  });

  it('states the blind signing fix on the device', () => {
    expect(describeDeviceError({ name: 'EthAppPleaseEnableContractData' }).action).toMatch(/Settings.*Blind signing/);
  });

  it('tells Linux users about the udev rule when the device cannot be opened', () => {
    expect(describeDeviceError(new Error('cannot open device with path /dev/hidraw0')).action).toMatch(/udev rule/);
  });
});
