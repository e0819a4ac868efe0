import { encodeFunctionData, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { epochQueueAbi, epochVaultAbi, erc20Abi } from '../../../shared/abi';
import { ACTION_APPROVALS, gateItems, STEP_TARGETS, type GatedItem } from '../../../electron/services/registry/gate';
import type { DeviceTransactionRequest } from '../../../shared/device/state';
import { REGISTRY_ROLES, type RegistryRole } from '../../../shared/registry/schemas';
import { numberedAddress as a, pinnedVault, vaultTokens } from '../../support/pinned-vault';
import { MAX_UINT256 } from '../../../shared/signing/rules';
import { SIGNING_ACTIONS, type StepKind } from '../../../shared/signing/schemas';

const VAULT = pinnedVault(
  'v1',
  'Alpha Credit USDC',
  // A vault whose deposit and withdraw queues are separate contracts: every withdraw step must go to the second.
  { epochVault: a(1), queue: a(2), withdrawQueue: a(7), tranche: a(3), underlying: a(4), strategy: a(5), keyring: a(6) },
  { tokens: vaultTokens({ tranche: 'AA_alpha' }) },
);
const ATTACKER = a(0xdead);
/** Each role of the pinned set, and an address pinned in no role. */
const TARGETS: [string, `0x${string}`][] = [
  ...REGISTRY_ROLES.map((r): [string, `0x${string}`] => [r, VAULT.contracts[r] as `0x${string}`]),
  ['unpinned', ATTACKER],
];

/** The calldata each step's function takes (the contract's own ABI). */
function calldataOf(step: keyof typeof STEP_TARGETS, tranche = VAULT.contracts.tranche as `0x${string}`): Hex {
  const { functionName } = STEP_TARGETS[step];
  if (step === 'redeem') return encodeFunctionData({ abi: epochVaultAbi, functionName: 'requestWithdraw', args: [5n, tranche] });
  if (step === 'depositAA') return encodeFunctionData({ abi: epochVaultAbi, functionName: 'depositAA', args: [5n] });
  if (step === 'depositDuringEpoch') return encodeFunctionData({ abi: epochVaultAbi, functionName: 'depositDuringEpoch', args: [5n, tranche] });
  if (step === 'claimRedeem' || step === 'claimInstantRedeem')
    return encodeFunctionData({ abi: epochVaultAbi, functionName: functionName as 'claimWithdrawRequest' });
  return encodeFunctionData({ abi: epochQueueAbi, functionName: functionName as 'requestDeposit', args: [5n] });
}

const tx = (to: string, data: Hex, patch: Partial<DeviceTransactionRequest> = {}): DeviceTransactionRequest => ({
  type: 'eip1559',
  chainId: 31337,
  nonce: 0,
  to,
  value: '0',
  data,
  gas: '100000',
  maxFeePerGas: '1',
  maxPriorityFeePerGas: '1',
  ...patch,
});
const item = (step: StepKind, t: DeviceTransactionRequest, link: Pick<GatedItem, 'id' | 'dependsOn'> = {}): GatedItem => ({
  label: 'W0',
  wallet: a(0x77),
  step,
  tx: t,
  ...link,
});
const approve = (token: string, spender: string, amount = 1_000n) =>
  tx(token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as `0x${string}`, amount] }));

/** The step an approval to this spender serves, spending `amount`, waiting for the approval `a1`. */
function servedStep(spender: string, amount = 1_000n): GatedItem[] {
  const waits = { id: 's1', dependsOn: 'a1' };
  if (spender === VAULT.contracts.epochVault)
    return [item('depositAA', tx(spender, encodeFunctionData({ abi: epochVaultAbi, functionName: 'depositAA', args: [amount] })), waits)];
  if (spender === VAULT.contracts.queue)
    return [item('requestDeposit', tx(spender, encodeFunctionData({ abi: epochQueueAbi, functionName: 'requestDeposit', args: [amount] })), waits)];
  if (spender === VAULT.contracts.withdrawQueue)
    return [item('requestWithdraw', tx(spender, encodeFunctionData({ abi: epochQueueAbi, functionName: 'requestWithdraw', args: [amount] })), waits)];
  return [];
}
/** An approval (`a1`) and the step it serves, as a plan holds them. */
const approvalFor = (token: string, spender: string, approved = 1_000n, spends = approved): GatedItem[] => [
  item('approve', approve(token, spender, approved), { id: 'a1' }),
  ...servedStep(spender, spends),
];

const gate = (action: (typeof SIGNING_ACTIONS)[number], items: GatedItem[], approval: 'exact' | 'unlimited' = 'exact', vault = VAULT) =>
  gateItems({ vault, action, approval }, items);

describe('the gate: every call goes to the pinned contract of its role', () => {
  const steps = Object.keys(STEP_TARGETS) as (keyof typeof STEP_TARGETS)[];
  const matrix = steps.flatMap((step) => TARGETS.map(([role, address]) => [step, role, address] as const));
  it.each(matrix)('%s sent to the %s', (step, role, address) => {
    const run = () => gate('claim', [item(step, tx(address, calldataOf(step)))]);
    if (role === STEP_TARGETS[step].role) expect(run).not.toThrow();
    else {
      expect(run).toThrow(expect.objectContaining({ code: 'REGISTRY_GATE_REFUSED' }));
      // The refusal names the vault, the role, the pinned address and the one proposed.
      const err = (() => {
        try {
          run();
        } catch (e) {
          return e as Error;
        }
      })()!;
      expect(err.message).toContain('Alpha Credit USDC');
      expect(err.message).toContain(VAULT.contracts[STEP_TARGETS[step].role]!);
      expect(err.message).toContain(address);
    }
  });

  it('a call to the right contract whose calldata is another function is refused', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ATTACKER, 1n] });
    expect(() => gate('claim', [item('claimDepositRequest', tx(VAULT.contracts.queue!, data))])).toThrow(
      /calldata is not claimDepositRequest/,
    );
  });

  it('a redeem that names another tranche is refused', () => {
    expect(() => gate('redeem', [item('redeem', tx(VAULT.contracts.epochVault, calldataOf('redeem', ATTACKER)))])).toThrow(
      /another tranche/,
    );
  });

  it('a transaction for another chain, or one that sends ether, is refused', () => {
    expect(() => gate('claim', [item('claimRedeem', tx(VAULT.contracts.epochVault, calldataOf('claimRedeem'), { chainId: 1 }))])).toThrow(
      /chain 1/,
    );
    expect(() => gate('claim', [item('claimRedeem', tx(VAULT.contracts.epochVault, calldataOf('claimRedeem'), { value: '1' }))])).toThrow(
      /sends ether/,
    );
  });

  it('a frozen vault refuses every plan, naming the pinned and the new addresses', () => {
    const frozen = { ...VAULT, frozen: { at: '2026-11-02T00:00:00.000Z', proposed: { ...VAULT.contracts, queue: ATTACKER } } };
    expect(() => gate('claim', [item('claimRedeem', tx(VAULT.contracts.epochVault, calldataOf('claimRedeem')))], 'exact', frozen)).toThrow(
      expect.objectContaining({
        code: 'REGISTRY_VAULT_FROZEN',
        message: expect.stringContaining(`queue: pinned ${VAULT.contracts.queue}, now ${ATTACKER}`),
      }),
    );
  });
});

describe('the gate: every approval is on the pinned token, to the pinned spender its action needs', () => {
  const tokenRoles = TARGETS;
  const matrix = SIGNING_ACTIONS.flatMap((action) =>
    tokenRoles.flatMap(([token, tokenAt]) => TARGETS.map(([spender, spenderAt]) => [action, token, spender, tokenAt, spenderAt] as const)),
  );
  it.each(matrix)('%s: approve on the %s to the %s', (action, token, spender, tokenAt, spenderAt) => {
    const allowed = ACTION_APPROVALS[action].some((p) => p.token === token && p.spender === spender);
    const run = () => gate(action, approvalFor(tokenAt, spenderAt));
    if (allowed) expect(run).not.toThrow();
    else expect(run).toThrow(expect.objectContaining({ code: 'REGISTRY_GATE_REFUSED' }));
  });

  it('the swapped queue of the measured attack: tranche approved to an address that is not the pinned withdraw queue', () => {
    expect(() => gate('withdraw', approvalFor(VAULT.contracts.tranche, ATTACKER))).toThrow(
      new RegExp(`${VAULT.name}'s pinned withdraw queue is ${VAULT.contracts.withdrawQueue}; the plan names ${ATTACKER}`, 'i'),
    );
  });

  it('an unlimited approval passes only when chosen explicitly', () => {
    const unlimited = approvalFor(VAULT.contracts.underlying, VAULT.contracts.queue!, MAX_UINT256, 1_000n);
    expect(() => gate('deposit', unlimited)).toThrow(expect.objectContaining({ code: 'REGISTRY_UNLIMITED_APPROVAL' }));
    expect(() => gate('deposit', unlimited, 'unlimited')).not.toThrow();
  });

  it('a set pinned before the withdraw queue had a role: its queue takes the withdraw steps and the tranche approval', () => {
    const { withdrawQueue: _, ...contracts } = VAULT.contracts;
    const legacy = { ...VAULT, contracts };
    const queue = VAULT.contracts.queue!;
    expect(() => gate('withdraw', [item('requestWithdraw', tx(queue, calldataOf('requestWithdraw')))], 'exact', legacy)).not.toThrow();
    const waits = { id: 's1', dependsOn: 'a1' };
    const request = item('requestWithdraw', tx(queue, calldataOf('requestWithdraw')), waits);
    expect(() => gate('withdraw', [item('approve', approve(VAULT.contracts.tranche, queue, 5n), { id: 'a1' }), request], 'exact', legacy)).not.toThrow();
    expect(() => gate('withdraw', [item('requestWithdraw', tx(a(7), calldataOf('requestWithdraw')))], 'exact', legacy)).toThrow(
      expect.objectContaining({ code: 'REGISTRY_GATE_REFUSED' }),
    );
  });

  it('agreements send no transaction: messages pass untouched', () => {
    expect(() => gate('agreements', [{ label: 'W0', wallet: a(0x77), step: 'agreement', tx: null }])).not.toThrow();
  });
});

describe('the gate: an approval is the amount of the step it serves', () => {
  const usdc = VAULT.contracts.underlying;
  const vault = VAULT.contracts.epochVault;
  const spends = 250_500_000n;
  const amountRefusal = expect.objectContaining({ code: 'REGISTRY_APPROVAL_AMOUNT' });

  it.each([
    ['2^256 − 2', MAX_UINT256 - 1n],
    ['10^40', 10n ** 40n],
    ['one base unit more', spends + 1n],
    ['one base unit less', spends - 1n],
  ])('exact approvals: an approval of %s for a deposit of 250.5 USDC is refused, naming both amounts', (_, approved) => {
    const run = () => gate('deposit', approvalFor(usdc, vault, approved, spends));
    expect(run).toThrow(amountRefusal);
    expect(run).toThrow(/W0 approves .* USDC to 0x0+1, but the depositAA it serves spends 250\.5 USDC: with exact approvals/);
  });

  it('exact approvals: the step\'s own amount passes', () => {
    expect(() => gate('deposit', approvalFor(usdc, vault, spends, spends))).not.toThrow();
  });

  it('unlimited approvals chosen: unlimited or the step\'s amount pass, any other amount is refused', () => {
    expect(() => gate('deposit', approvalFor(usdc, vault, MAX_UINT256, spends), 'unlimited')).not.toThrow();
    expect(() => gate('deposit', approvalFor(usdc, vault, spends, spends), 'unlimited')).not.toThrow();
    expect(() => gate('deposit', approvalFor(usdc, vault, MAX_UINT256 - 1n, spends), 'unlimited')).toThrow(amountRefusal);
    expect(() => gate('deposit', approvalFor(usdc, vault, 10n ** 40n, spends), 'unlimited')).toThrow(amountRefusal);
  });

  it('a withdrawal\'s approval of the tranche is the amount its queue request takes', () => {
    const tranche = VAULT.contracts.tranche;
    const queue = VAULT.contracts.withdrawQueue!;
    expect(() => gate('withdraw', approvalFor(tranche, queue, 5n * 10n ** 18n, 5n * 10n ** 18n))).not.toThrow();
    expect(() => gate('withdraw', approvalFor(tranche, queue, 10n ** 40n, 5n * 10n ** 18n))).toThrow(/spends 5 AA_alpha/);
  });

  it('an approval no step waits for, or that two steps wait for, is refused', () => {
    expect(() => gate('deposit', [item('approve', approve(usdc, vault, spends), { id: 'a1' })])).toThrow(/no step of the plan waits for it/);
    const twice = [...approvalFor(usdc, vault, spends, spends), { ...servedStep(vault, spends)[0]!, id: 's2' }];
    expect(() => gate('deposit', twice)).toThrow(/2 steps wait for it/);
  });

  it('an approval to the queue for a deposit made on the epoch vault is refused: the spender is the contract the step calls', () => {
    const [approval] = approvalFor(usdc, VAULT.contracts.queue!, spends);
    const [deposit] = servedStep(vault, spends);
    expect(() => gate('deposit', [approval!, deposit!])).toThrow(/to the contract its depositAA calls/);
  });
});

// Keep the roles type in use for readers of the matrix above.
export type _Roles = RegistryRole;
