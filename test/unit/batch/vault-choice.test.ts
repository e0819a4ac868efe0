import { describe, expect, it } from 'vitest';
import { chooseVault } from '../../../scripts/batch/vault-choice';

// `npm run batch -- --vault X` (issue 31, finding 2): an exact name (case aside) or id, never a part
// of a name, so a vault the service adds or renames cannot be picked in place of the one meant.

const vault = (id: string, name: string, chainId = 31337) => ({ id, name, chain: { chainId } });
const ALPHA = vault('64aa', 'Alpha Credit USDC');
const ALPHA_PRIME = vault('64bb', 'Alpha Credit USDC Prime');
const DELTA = vault('64dd', 'Delta Credit USDC', 31338);
const LISTED = [ALPHA, ALPHA_PRIME, DELTA];

describe('chooseVault', () => {
  it('takes an exact name, case and surrounding spaces aside, or an exact id', () => {
    expect(chooseVault(LISTED, 'Alpha Credit USDC')).toEqual({ kind: 'found', vault: ALPHA });
    expect(chooseVault(LISTED, ' alpha credit usdc ')).toEqual({ kind: 'found', vault: ALPHA });
    expect(chooseVault(LISTED, 'ALPHA CREDIT USDC PRIME')).toEqual({ kind: 'found', vault: ALPHA_PRIME });
    expect(chooseVault(LISTED, '64dd')).toEqual({ kind: 'found', vault: DELTA });
  });

  it('picks no vault by a part of its name or id', () => {
    for (const part of ['alpha', 'delta', 'Credit USDC', 'Alpha Credit', '64', 'Delta Credit USD']) {
      expect(chooseVault(LISTED, part), part).toEqual({ kind: 'unknown' });
    }
  });

  it('refuses a name two listed vaults share, naming both', () => {
    const twin = vault('65cc', 'ALPHA CREDIT USDC');
    expect(chooseVault([...LISTED, twin], 'Alpha Credit USDC')).toEqual({ kind: 'ambiguous', candidates: [ALPHA, twin] });
    // Its id still names one.
    expect(chooseVault([...LISTED, twin], '65cc')).toEqual({ kind: 'found', vault: twin });
  });
});
