import { useMemo } from 'react';
import { formatEther } from 'viem';
import { ethPrice, feeEth, feeUsd, type EthPrice } from '../../../shared/domain/network-fees';
import { formatUsd, numberMarksOf } from '../../../shared/domain/units';
import { usePortfolioStore } from '../batch';
import './plan-review.css';

/** ETH's price for the fees of `chainId`, from the vaults of the batch on screen (see `ethPrice`); null without one. */
export function useEthPrice(chainId: number): EthPrice | null {
  const vaults = usePortfolioStore((s) => s.data?.vaults);
  return useMemo(() => (vaults ? ethPrice(vaults, chainId) : null), [vaults, chainId]);
}

/**
 * A network fee cap in ETH (six decimals, rounded up; the exact wei on hover) with its value in USD
 * beside it, or a plain word that there is none: a missing price is said, never left blank.
 */
export function FeeValue({ wei, price }: { wei: bigint; price: EthPrice | null }) {
  return (
    <>
      <span className="amount" title={`${formatEther(wei)} ETH`}>
        {feeEth(wei).replace('.', numberMarksOf().decimal)} <span className="symbol">ETH</span>
      </span>
      {' · '}
      {price ? (
        <span className="amount" data-fee-fiat title={`At ${formatUsd(price.usdPerEth)} per ETH, the price stated by ${price.from}`}>
          ≈ {formatUsd(feeUsd(wei, price))}
        </span>
      ) : (
        <span
          className="fee-no-fiat"
          data-fee-fiat="unavailable"
          title="None of the vaults the console reads has ETH underneath with a USD value, so there is no ETH price to convert with."
        >
          fiat value unavailable (no ETH price)
        </span>
      )}
    </>
  );
}
