import { describe, expect, it } from 'vitest';
import { erc20Abi, MULTICALL3_ADDRESS } from '../../../shared/abi';
import { planReads } from '../../../electron/services/portfolio/multicall';

describe('a multicall round', () => {
  it('says the chain has no Multicall3 when the canonical address answers empty, not that the node failed', () => {
    const plan = planReads([{ address: `0x${'1'.repeat(40)}`, abi: erc20Abi, functionName: 'decimals', into: () => undefined }]);
    expect(plan.calls[0]!.to).toBe(MULTICALL3_ADDRESS);
    expect(() => plan.settle(['0x'])).toThrow(/no Multicall3 contract at 0xcA11bde05977b3631167028862bE2a173976CA11/);
  });
});
