import { describe, expect, it } from 'vitest';
import { bundleText, readUnsignedBundle } from '../../../shared/bundles';
import { bundleScreens } from '../../../electron/services/bundles/device-screens';
import { DEFAULT_VAULT, makeUnsigned } from '../../support/bundle-fixture';

// A deposit on mainnet USDC: its approval is one the device shows in clear (USDC is on Ledger's
// signed token list), so the planner predicts "Approve", the amount and the spender, not a hash.
const MAINNET_USDC_VAULT = {
  ...DEFAULT_VAULT,
  chainId: 1,
  underlying: { symbol: 'USDC', decimals: 6, address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
};

describe('a bundle holding an approval the device shows in clear', () => {
  const text = bundleText(makeUnsigned('deposit', undefined, { vault: MAINNET_USDC_VAULT }));

  it('predicts the clear review for the approval', () => {
    const { bundle } = readUnsignedBundle(text, bundleScreens);
    const approve = bundle.items.find((i) => i.kind === 'transaction' && i.action.kind === 'approve');
    const titles = approve?.review.deviceScreens.map((s) => s.title).join(' | ') ?? '';
    expect(titles).toMatch(/Approve/);
    expect(titles).not.toMatch(/hash/i);
  });

  it('reads back with the device service’s own prediction, and would be refused with the blind one', () => {
    expect(() => readUnsignedBundle(text, bundleScreens)).not.toThrow();
    expect(() => readUnsignedBundle(text)).toThrow(/device screens/);
  });
});
