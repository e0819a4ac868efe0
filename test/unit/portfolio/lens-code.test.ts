import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileContracts } from '../../../electron/demo/contracts/compile';
import { LENS_RUNTIME_CODE } from '../../../electron/services/portfolio/lens-code';
import { portfolioLensAbi } from '../../../shared/abi/lens';

// The console carries the lens's runtime code as a checked-in artefact (it never compiles at run
// time); it must be the code of the lens's source as the contracts build compiles it.
const ARTEFACT = fileURLToPath(new URL('../../../electron/services/portfolio/lens-code.ts', import.meta.url));

describe('the portfolio lens code', () => {
  it('is the compiled code of PortfolioLens.sol', () => {
    const compiled = compileContracts().artifacts.PortfolioLens.deployedBytecode;
    if (compiled !== LENS_RUNTIME_CODE && process.env.WRITE_LENS_CODE === '1') {
      const text = readFileSync(ARTEFACT, 'utf8').replace(/'0x[0-9a-f]+'/, `'${compiled}'`);
      writeFileSync(ARTEFACT, text);
      return;
    }
    expect(LENS_RUNTIME_CODE, 'lens-code.ts is out of date: run this test with WRITE_LENS_CODE=1 to write it again').toBe(compiled);
  }, 120_000);

  it('is called with the ABI PortfolioLens.sol compiles to', () => {
    expect(portfolioLensAbi).toEqual(compileContracts().artifacts.PortfolioLens.abi);
  }, 120_000);
});
