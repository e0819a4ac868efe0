import { describe, expect, it } from 'vitest';
import type { ItemSimulation } from '../../../shared/simulation';
import { totalsPerChainAndToken } from '../../../renderer/src/signing/simulation-totals';

// The pre-sign simulation's summary on the review (issue 34, screens): per chain and token, never USDC
// of two chains added into one line without a chain.
const W1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const W2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const QUEUE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
// The same token address on both local chains, as anvil deploys it.
const USDC = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const DAI = '0x9fE46736679d2D9a65F0992F2272dE9F3c7fa6e0';

const item = (chainId: number, ok: boolean, deltas: [string, string, string, number, bigint][]): ItemSimulation => ({
  itemId: `i${Math.random()}`,
  wallet: W1,
  chainId,
  call: 'queue.requestDeposit',
  ran: true,
  ok,
  revert: null,
  gasUsed: '1',
  deltas: deltas.map(([wallet, token, symbol, decimals, amount]) => ({ wallet, token, symbol, decimals, amount: amount.toString() })),
  allowances: [],
  events: [],
  truncated: false,
  note: null,
});

describe('the simulation totals per chain and token', () => {
  it('keeps USDC of two chains apart, each line with its chain; adds only the plan’s wallets and items that ran', () => {
    const items = [
      item(31338, true, [[W1, DAI, 'DAI', 18, -(5n * 10n ** 18n)], [QUEUE, DAI, 'DAI', 18, 5n * 10n ** 18n]]),
      item(31337, true, [[W1, USDC, 'USDC', 6, -250_000_000n], [QUEUE, USDC, 'USDC', 6, 250_000_000n]]),
      item(31338, true, [[W2, USDC, 'USDC', 6, -100_000_000n]]),
      item(31337, true, [[W2, USDC, 'USDC', 6, -50_000_000n]]),
      // A revert changes nothing.
      item(31337, false, [[W1, USDC, 'USDC', 6, -1n]]),
    ];
    expect(totalsPerChainAndToken({ items }, [W1, W2.toLowerCase()])).toEqual([
      { chainId: 31337, token: USDC, symbol: 'USDC', decimals: 6, amount: '-300000000' },
      { chainId: 31338, token: DAI, symbol: 'DAI', decimals: 18, amount: '-5000000000000000000' },
      { chainId: 31338, token: USDC, symbol: 'USDC', decimals: 6, amount: '-100000000' },
    ]);
  });

  it('leaves out a token that nets to zero over the wallets', () => {
    const items = [item(31337, true, [[W1, USDC, 'USDC', 6, -5n], [W2, USDC, 'USDC', 6, 5n]])];
    expect(totalsPerChainAndToken({ items }, [W1, W2])).toEqual([]);
  });
});
