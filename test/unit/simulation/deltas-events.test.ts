import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, getAddress, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { epochQueueAbi, epochVaultAbi, erc20Abi } from '../../../shared/abi';
import {
  approvalChanges,
  callName,
  dryRunLine,
  gasDelta,
  mergeDeltas,
  protocolEvents,
  simulationTotals,
  tokensMoved,
  transferDeltas,
  type ItemSimulation,
  type LogLike,
  type TokenInfo,
  type VaultContracts,
} from '../../../shared/simulation';

const WALLET = getAddress('0x1111111111111111111111111111111111111111');
const OTHER = getAddress('0x2222222222222222222222222222222222222222');
const ZERO = '0x0000000000000000000000000000000000000000';
const USDC: TokenInfo = { address: getAddress('0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'), symbol: 'USDC', decimals: 6 };
const TRANCHE: TokenInfo = { address: getAddress('0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'), symbol: 'AA_alpha', decimals: 18 };
const RECEIPT: TokenInfo = { address: getAddress('0xcccccccccccccccccccccccccccccccccccccccc'), symbol: 'rcalpha', decimals: 6 };
const VAULT: VaultContracts = {
  epochVault: getAddress('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'),
  queue: getAddress('0xdddddddddddddddddddddddddddddddddddddddd'),
  strategy: RECEIPT.address,
  underlying: USDC,
  tranche: TRANCHE,
};
const tokens = new Map([USDC, TRANCHE, RECEIPT].map((t) => [t.address.toLowerCase(), t]));
const lookup = (a: string) => tokens.get(a.toLowerCase());

function transfer(token: TokenInfo, from: string, to: string, value: bigint): LogLike {
  return {
    address: token.address.toLowerCase(),
    topics: encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer', args: { from: from as Hex, to: to as Hex } }) as Hex[],
    data: encodeAbiParameters([{ type: 'uint256' }], [value]),
  };
}
function approval(token: TokenInfo, owner: string, spender: string, value: bigint): LogLike {
  return {
    address: token.address.toLowerCase(),
    topics: encodeEventTopics({ abi: erc20Abi, eventName: 'Approval', args: { owner: owner as Hex, spender: spender as Hex } }) as Hex[],
    data: encodeAbiParameters([{ type: 'uint256' }], [value]),
  };
}

describe('balance changes from Transfer events', () => {
  it('a claim of a deposit: the tranche leaves the queue and arrives at the wallet', () => {
    const deltas = transferDeltas([transfer(TRANCHE, VAULT.queue!, WALLET, 5n * 10n ** 18n)], lookup);
    expect(deltas).toEqual([
      { wallet: VAULT.queue, token: TRANCHE.address, symbol: 'AA_alpha', decimals: 18, amount: '-5000000000000000000' },
      { wallet: WALLET, token: TRANCHE.address, symbol: 'AA_alpha', decimals: 18, amount: '5000000000000000000' },
    ]);
  });

  it('a redeem request: the burnt tranche and the minted receipt count for the wallet only, never the zero address', () => {
    const deltas = transferDeltas([transfer(TRANCHE, WALLET, ZERO, 10n ** 18n), transfer(RECEIPT, ZERO, WALLET, 1_000_000n)], lookup);
    expect(deltas.map((d) => [d.wallet, d.symbol, d.amount])).toEqual([
      [WALLET, 'AA_alpha', '-1000000000000000000'],
      [WALLET, 'rcalpha', '1000000'],
    ]);
  });

  it('movements of the same token and address are summed, and what nets to zero is left out', () => {
    const logs = [transfer(USDC, WALLET, OTHER, 300n), transfer(USDC, OTHER, WALLET, 100n), transfer(USDC, OTHER, WALLET, 200n)];
    expect(transferDeltas(logs, lookup)).toEqual([]);
    expect(transferDeltas(logs.slice(0, 2), lookup).map((d) => d.amount)).toEqual(['-200', '200']);
  });

  it('an Approval is not a transfer, though it has the same shape; a token not known shows by its address', () => {
    const unknown = { address: getAddress('0x9999999999999999999999999999999999999999'), symbol: 'X', decimals: 0 };
    const logs = [approval(USDC, WALLET, OTHER, 7n), transfer(unknown, WALLET, OTHER, 7n)];
    expect(tokensMoved(logs)).toEqual([unknown.address.toLowerCase()]);
    const deltas = transferDeltas(logs, lookup);
    expect(deltas).toHaveLength(2);
    expect(deltas[0]).toMatchObject({ token: unknown.address, symbol: '0x999999…', decimals: 0, amount: '-7' });
  });

  it('the ETH a sender pays is gas used × the price paid, plus value', () => {
    expect(gasDelta(WALLET, 40_000n, 2_000_000_000n)).toEqual({
      wallet: WALLET,
      token: 'native',
      symbol: 'ETH',
      decimals: 18,
      amount: '-80000000000000',
    });
    expect(gasDelta(WALLET, 21_000n, 1n, 5n)!.amount).toBe('-21005');
    expect(gasDelta(WALLET, 0n, 0n)).toBeNull();
  });

  it('batch totals: per address and token, and per token over the plan’s own wallets only; reverted items change nothing', () => {
    const item = (wallet: string, ok: boolean, amounts: [string, TokenInfo, string][]): ItemSimulation => ({
      itemId: wallet,
      wallet,
      chainId: 1,
      call: 'queue.claimDepositRequest',
      ran: true,
      ok,
      revert: null,
      gasUsed: '1',
      deltas: amounts.map(([w, t, amount]) => ({ wallet: w, token: t.address, symbol: t.symbol, decimals: t.decimals, amount })),
      allowances: [],
      events: [],
      truncated: false,
      note: null,
    });
    const items = [
      item(WALLET, true, [
        [WALLET, TRANCHE, '5'],
        [VAULT.queue!, TRANCHE, '-5'],
      ]),
      item(OTHER, true, [
        [OTHER, TRANCHE, '3'],
        [VAULT.queue!, TRANCHE, '-3'],
      ]),
      item(OTHER, false, [[OTHER, TRANCHE, '100']]),
    ];
    const totals = simulationTotals(items, [WALLET, OTHER]);
    expect(totals.perToken).toEqual([{ token: TRANCHE.address, symbol: 'AA_alpha', decimals: 18, amount: '8' }]);
    expect(totals.perWallet.map((d) => [d.wallet, d.amount])).toEqual([
      [WALLET, '5'],
      [VAULT.queue, '-8'],
      [OTHER, '3'],
    ]);
    expect(mergeDeltas(totals.perWallet.map((d) => ({ ...d, wallet: WALLET }))).map((d) => d.amount)).toEqual([]);
  });
});

describe('protocol events decoded from the call and its movements', () => {
  const events = (to: string, data: Hex, logs: LogLike[] = [], epochKey: bigint | null = 4n) =>
    protocolEvents({ vault: VAULT, wallet: WALLET, to, data, deltas: transferDeltas(logs, lookup), logs, epochKey });

  it('a deposit request carries the epoch key it gets now', () => {
    const data = encodeFunctionData({ abi: epochQueueAbi, functionName: 'requestDeposit', args: [250_500_000n] });
    expect(events(VAULT.queue!, data)).toEqual([
      { kind: 'deposit-request', epoch: '4', text: 'Deposit request of 250.5 USDC for epoch 4' },
    ]);
    expect(callName(VAULT, VAULT.queue!, data)).toBe('queue.requestDeposit');
  });

  it('a withdraw request in tranche tokens, with its epoch', () => {
    const data = encodeFunctionData({ abi: epochQueueAbi, functionName: 'requestWithdraw', args: [2n * 10n ** 18n] });
    expect(events(VAULT.queue!, data)).toEqual([
      { kind: 'withdraw-request', epoch: '4', text: 'Withdraw request of 2 AA_alpha for epoch 4' },
    ]);
  });

  it('a claim names the epoch claimed and what the wallet receives', () => {
    const data = encodeFunctionData({ abi: epochQueueAbi, functionName: 'claimWithdrawRequest', args: [2n] });
    const logs = [transfer(USDC, VAULT.queue!, WALLET, 9_836_145_000n)];
    expect(events(VAULT.queue!, data, logs)).toEqual([
      { kind: 'claim', epoch: '2', text: 'Claim of the withdraw request of epoch 2: receives 9,836.145 USDC' },
    ]);
  });

  it('a cancel names the epoch and the refund', () => {
    const data = encodeFunctionData({ abi: epochQueueAbi, functionName: 'deleteRequest', args: [3n] });
    const logs = [transfer(USDC, VAULT.queue!, WALLET, 1_000_000n)];
    expect(events(VAULT.queue!, data, logs)).toEqual([
      { kind: 'cancel', epoch: '3', text: 'Cancel of the deposit request of epoch 3: refunds 1 USDC' },
    ]);
  });

  it('a redeem request: the tranche burnt, the receipt token received', () => {
    const data = encodeFunctionData({ abi: epochVaultAbi, functionName: 'requestWithdraw', args: [0n, TRANCHE.address as Hex] });
    const logs = [transfer(TRANCHE, WALLET, ZERO, 10n ** 18n), transfer(RECEIPT, ZERO, WALLET, 1_020_000n)];
    expect(events(VAULT.epochVault, data, logs)).toEqual([
      { kind: 'redeem-request', epoch: null, text: 'Redeem request of 1 AA_alpha: receives 1.02 rcalpha' },
    ]);
  });

  it('an approval names its spender by role, and a vault event in the logs is decoded', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [VAULT.queue as Hex, 5_000_000n] });
    const paused: LogLike = {
      address: VAULT.epochVault,
      topics: encodeEventTopics({ abi: epochVaultAbi, eventName: 'Paused' }) as Hex[],
      data: encodeAbiParameters([{ type: 'address' }], [OTHER]),
    };
    expect(events(USDC.address, data, [paused])).toEqual([
      { kind: 'approve', epoch: null, text: 'Approves 5 USDC to the queue' },
      { kind: 'vault-event', epoch: null, text: `The vault emits Paused(${OTHER})` },
    ]);
  });

  it('a call to a contract outside the vault has no protocol event and is named by its selector', () => {
    expect(events(OTHER, '0x12345678')).toEqual([]);
    expect(callName(VAULT, OTHER, '0x12345678')).toBe('0x22222222….0x12345678');
  });

  it('allowance changes from Approval events, with the value before once known', () => {
    const known = new Map<string, bigint>();
    const first = approvalChanges([approval(USDC, WALLET, VAULT.queue!, 5n), transfer(USDC, WALLET, OTHER, 1n)], lookup, known);
    expect(first).toEqual([{ token: USDC.address, symbol: 'USDC', owner: WALLET, spender: VAULT.queue, before: null, after: '5' }]);
    const second = approvalChanges([approval(USDC, WALLET, VAULT.queue!, 0n)], lookup, known);
    expect(second[0]).toMatchObject({ before: '5', after: '0' });
  });
});

describe('the dry run’s last line', () => {
  it('keeps wallet, call and the simulation’s ok, revert, gas and deltas; signs nothing', () => {
    const line = dryRunLine({
      planId: 'p',
      simulatedAt: 'now',
      status: 'partial',
      chains: [
        { chainId: 1, method: 'fork', block: '10', reason: null, fundedGas: [], startMs: 1, runMs: 1 },
        { chainId: 2, method: 'none', block: null, reason: 'Not simulated: no RPC', fundedGas: [], startMs: null, runMs: null },
      ],
      items: [
        {
          itemId: 'a',
          wallet: WALLET,
          chainId: 1,
          call: 'queue.claimDepositRequest',
          ran: true,
          ok: false,
          revert: { reason: 'Pausable: paused', error: { code: 'TX_REVERTED', message: 'The vault is paused.' } },
          gasUsed: '30000',
          deltas: [],
          allowances: [],
          events: [],
          truncated: false,
          note: null,
        },
      ],
      totals: { perToken: [], perWallet: [] },
      notes: [],
    });
    expect(line).toEqual({
      items: [
        {
          wallet: WALLET,
          call: 'queue.claimDepositRequest',
          simulation: { ok: false, revert: 'Pausable: paused', gasUsed: '30000', deltas: [] },
        },
      ],
      signed: 0,
      notSimulated: [{ chainId: 2, reason: 'Not simulated: no RPC' }],
    });
  });
});
