import { describe, expect, it } from 'vitest';
import { zeroAddress, type Address } from 'viem';
import type { VaultDeployment } from '../../../electron/demo/chain/deploy';
import type { Movement, VaultAction } from '../../../electron/demo/indexer/activity';
import type { IndexedVault } from '../../../electron/demo/indexer/local-catalog';
import { buildTransactions } from '../../../electron/demo/indexer/transactions';

// The demo's service records one transaction per lender call, typed and measured by the one token
// movement that call makes; every other movement of the same transaction is ignored.

const at = (n: number): Address => `0x${n.toString(16).padStart(40, '0')}`;
const [lender, underlying, tranche, strategy, vault, depositQueue, withdrawQueue, writeOff, manager, borrower] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
].map(at) as [Address, Address, Address, Address, Address, Address, Address, Address, Address, Address];

const indexed: IndexedVault = {
  vaultId: 'vault',
  chainRecordId: 'chain',
  tokenId: 'underlying-token',
  trancheTokenId: 'tranche-token',
  chainId: 31337,
  deployment: {
    token: { address: underlying, decimals: 6 },
    tranche,
    strategy,
    epochVault: vault,
    depositQueue,
    withdrawQueue,
    writeOff,
    manager,
    borrower,
  } as unknown as VaultDeployment,
};

/** Every movement a call could be confused with: each token between each pair the calls use. */
const decoys = (measured: Movement): Movement[] =>
  [underlying, tranche, strategy].flatMap((token) =>
    [
      [lender, vault],
      [lender, depositQueue],
      [lender, withdrawQueue],
      [lender, writeOff],
      [depositQueue, lender],
      [withdrawQueue, lender],
      [writeOff, lender],
      [strategy, lender],
      [zeroAddress, lender],
    ]
      .filter(([from, to]) => !(token === measured.token && from === measured.from && to === measured.to))
      .map(([from, to]) => ({ token, from: from!, to: to!, value: 1n })),
  );

const action = (contract: VaultAction['contract'], functionName: string, measured: Movement): VaultAction => ({
  hash: `0x${'ab'.repeat(32)}`,
  blockNumber: 10n,
  timestamp: 1_700_000_000n,
  logIndex: 0,
  from: lender,
  contract,
  functionName,
  args: [],
  movements: [measured, ...decoys(measured)],
});

/**
 * One call of each kind of measure: a receipt minted to the lender, underlying paid by the
 * strategy, tranche tokens from the deposit queue, back from the withdraw queue, into the escrow.
 */
const CASES: [VaultAction['contract'], string, string, 'underlying-token' | 'tranche-token', Movement][] = [
  ['vault', 'requestWithdraw', 'REDEEM', 'underlying-token', { token: strategy, from: zeroAddress, to: lender, value: 502n }],
  ['vault', 'claimInstantWithdrawRequest', 'CLAIM', 'underlying-token', { token: underlying, from: strategy, to: lender, value: 504n }],
  ['queue', 'claimDepositRequest', 'CLAIM', 'tranche-token', { token: tranche, from: depositQueue, to: lender, value: 506n }],
  ['queue', 'deleteWithdrawRequest', 'CANCEL', 'tranche-token', { token: tranche, from: withdrawQueue, to: lender, value: 510n }],
  ['writeOff', 'createWriteOffRequest', 'REQUEST_WRITEOFF', 'tranche-token', { token: tranche, from: lender, to: writeOff, value: 511n }],
];

describe("the demo service's transaction records", () => {
  for (const [contract, functionName, type, tokenId, measured] of CASES) {
    it(`${contract}.${functionName} is a ${type} of the ${tokenId} it moved`, () => {
      const [record, ...more] = buildTransactions(indexed, { actions: [action(contract, functionName, measured)], cycle: [] });
      expect(more).toEqual([]);
      expect(record).toMatchObject({ type, tokenId, amount: String(measured.value) });
    });
  }

  it("records no call of the manager's or the borrower's, nor a call that is not a lender's", () => {
    const deposit = action('vault', 'depositAA', { token: underlying, from: manager, to: vault, value: 5n });
    const staff = [manager, borrower].map((from) => ({ ...deposit, from }));
    const other = action('vault', 'startEpoch', { token: underlying, from: vault, to: borrower, value: 5n });
    expect(buildTransactions(indexed, { actions: [...staff, other], cycle: [] })).toEqual([]);
  });
});
