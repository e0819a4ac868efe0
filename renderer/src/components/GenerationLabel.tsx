import { GENERATIONS, isGeneration } from '../../../shared/abi/generations';
import { describeGenerations } from '../../../shared/abi/generations/detect';
import type { VaultGenerations } from '../../../shared/registry/schemas';

/**
 * Which generation of the protocol's contracts a vault runs: as the chain answered when the
 * portfolio has read it, otherwise as the vault record names it (a claim, said so). The full line
 * (every contract's generation, and where the record disagrees) is on hover.
 */
export function GenerationLabel({ generations, abiCode }: { generations: VaultGenerations | null | undefined; abiCode: string | null | undefined }) {
  if (generations) {
    const differs = generations.recordDiffers.length > 0;
    return (
      <span data-generation={generations.epochVault} title={[describeGenerations(generations), ...generations.recordDiffers].join('\n')}>
        {GENERATIONS[generations.epochVault].label}
        {differs ? <span className="cell-sub"> · record differs</span> : null}
      </span>
    );
  }
  if (!abiCode) return <span className="cell-sub">not named</span>;
  return (
    <span data-generation-claimed={abiCode} title="As the vault record names it; the chain has not been read for this vault yet.">
      {isGeneration(abiCode) ? GENERATIONS[abiCode].label : abiCode}
      <span className="cell-sub"> · per the record</span>
    </span>
  );
}
