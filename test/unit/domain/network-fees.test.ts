import { describe, expect, it } from 'vitest';
import { ethPrice, feeEth, feeUsd, totalFeeWei, type PricedVault } from '../../../shared/domain/network-fees';

const ONE = 10n ** 18n;
const vault = (name: string, chainId: number, symbol: string, decimals: number, tvl: PricedVault['tvl']): PricedVault => ({
  name,
  chain: { chainId },
  underlying: { symbol, decimals },
  tvl,
});

describe('network fees with their fiat value', () => {
  const usdc = vault('Alpha Credit USDC', 1, 'USDC', 6, { token: '1000000000', usd: '1000000000' });
  // 10 WETH worth 30,000 USD: 3,000 USD per ETH.
  const weth = vault('Senior WETH', 10, 'WETH', 18, { token: (10n * ONE).toString(), usd: '30000000000' });
  const ethHere = vault('Ether vault', 1, 'ETH', 18, { token: ONE.toString(), usd: '2900000000' });

  it('prices ETH from a vault with ETH or wrapped ETH underneath, the fee’s chain first', () => {
    expect(ethPrice([usdc, weth], 1)).toEqual({ usdPerEth: 3_000_000_000n, from: 'Senior WETH' });
    expect(ethPrice([usdc, weth, ethHere], 1)).toEqual({ usdPerEth: 2_900_000_000n, from: 'Ether vault' });
  });

  it('has no price where no vault has ETH underneath with a USD value (the demo’s stablecoin vaults)', () => {
    expect(ethPrice([usdc], 1)).toBeNull();
    expect(ethPrice([vault('No USD', 1, 'WETH', 18, { token: ONE.toString(), usd: null })], 1)).toBeNull();
    expect(ethPrice([vault('Empty', 1, 'WETH', 18, { token: '0', usd: '0' })], 1)).toBeNull();
  });

  it('shows a fee cap in ETH and USD rounded up, never smaller than it is', () => {
    const wei = 57_746_000_461_968n; // 0.000057746000461968 ETH
    expect(feeEth(wei)).toBe('0.000058');
    expect(feeEth(0n)).toBe('0.000000');
    expect(feeEth(2n * ONE + 1n)).toBe('2.000001');
    // 0.000057746… ETH at 3,000 USD = 0.173238… USD, up to the next millionth.
    expect(feeUsd(wei, { usdPerEth: 3_000_000_000n, from: 'x' })).toBe(173_239n);
  });

  it('adds the fees of a plan’s transactions', () => {
    expect(totalFeeWei([{ maxFeeWei: '1' }, { maxFeeWei: ONE.toString() }])).toBe(ONE + 1n);
  });
});
