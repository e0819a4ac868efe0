import { describe, expect, it } from 'vitest';
import { DERIVATION_SCHEMES, derivationPath, encodeBip32Path, formatBip32Path, isPlannerPath, parseBip32Path, PLANNER_PATH } from '../../../shared/device/paths';

describe('derivation paths', () => {
  it.each([
    ['ledger-live', 0, "44'/60'/0'/0/0"],
    ['ledger-live', 3, "44'/60'/3'/0/0"],
    ['legacy', 3, "44'/60'/0'/3"],
    ['bip44', 3, "44'/60'/0'/0/3"],
  ] as const)('%s account %i is %s', (scheme, index, path) => {
    expect(derivationPath(scheme, index)).toBe(path);
  });

  it('parses and formats the device encoding', () => {
    const components = parseBip32Path("m/44'/60'/0'/0/7");
    expect(components).toEqual([0x8000002c, 0x8000003c, 0x80000000, 0, 7]);
    expect(formatBip32Path(components)).toBe("44'/60'/0'/0/7");
    expect(Buffer.from(encodeBip32Path(components)).toString('hex')).toBe('058000002c8000003c800000000000000000000007');
  });

  it('rejects what hw-app-eth would silently skip', () => {
    expect(() => parseBip32Path("44'/60'/x/0")).toThrow(/Invalid/);
    expect(() => parseBip32Path('')).toThrow(/empty/);
    expect(() => parseBip32Path('1/2/3/4/5/6/7/8/9/10/11')).toThrow(/at most 10/);
    expect(() => derivationPath('bip44', -1)).toThrow(RangeError);
  });

  it("puts the planner on a path no wallet scheme derives, however it is spelled", () => {
    expect(PLANNER_PATH).toBe("44'/60'/0'/1/0");
    for (const scheme of DERIVATION_SCHEMES) for (let i = 0; i < 2_000; i++) expect(isPlannerPath(derivationPath(scheme, i))).toBe(false);
    expect(isPlannerPath("m/44'/60'/0'/1/0")).toBe(true);
    expect(isPlannerPath("44h/60H/0'/1/0")).toBe(true);
    expect(isPlannerPath("44'/60'/0'/0/0")).toBe(false);
    expect(isPlannerPath('not a path')).toBe(false);
  });
});
