import { encodeFunctionData, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { epochQueueAbi, epochVaultAbi, erc20Abi } from '../../../shared/abi';
import { ACTION_APPROVALS, gateItems, STEP_TARGETS, type GatedItem } from '../../../electron/services/registry/gate';
import type { DeviceTransactionRequest } from '../../../shared/device/state';
import { REGISTRY_ROLES, type PinnedVault, type RegistryRole } from '../../../shared/registry/schemas';
import { MAX_UINT256 } from '../../../shared/signing/rules';
import { SIGNING_ACTIONS, type StepKind } from '../../../shared/signing/schemas';

const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as `0x${string}`;
const VAULT: PinnedVault = {
  vaultId: 'v1',
  name: 'Alpha Credit USDC',
  chainId: 31337,
  // A vault whose deposit and withdraw queues are separate contracts: every withdraw step must go to the second.
  contracts: { epochVault: a(1), queue: a(2), withdrawQueue: a(7), tranche: a(3), underlying: a(4), strategy: a(5), keyring: a(6) },
  tokens: {
    underlying: { symbol: 'USDC', decimals: 6 },
    tranche: { symbol: 'AA_alpha', decimals: 18 },
    strategy: { symbol: 'r', decimals: 6 },
  },
  pinnedAt: '2026-11-01T00:00:00.000Z',
  pinnedBy: 'test',
  pinnedAtBlock: '10',
  frozen: null,
};
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
const item = (step: StepKind, t: DeviceTransactionRequest): GatedItem => ({ label: 'W0', wallet: a(0x77), step, tx: t });
const approve = (token: string, spender: string, amount = 1_000n) =>
  tx(token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as `0x${string}`, amount] }));

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
    const run = () => gate(action, [item('approve', approve(tokenAt, spenderAt))]);
    if (allowed) expect(run).not.toThrow();
    else expect(run).toThrow(expect.objectContaining({ code: 'REGISTRY_GATE_REFUSED' }));
  });

  it('the swapped queue of the measured attack: tranche approved to an address that is not the pinned withdraw queue', () => {
    expect(() => gate('withdraw', [item('approve', approve(VAULT.contracts.tranche, ATTACKER))])).toThrow(
      new RegExp(`${VAULT.name}'s pinned withdraw queue is ${VAULT.contracts.withdrawQueue}; the plan names ${ATTACKER}`, 'i'),
    );
  });

  it('an unlimited approval passes only when chosen explicitly', () => {
    const unlimited = [item('approve', approve(VAULT.contracts.underlying, VAULT.contracts.queue!, MAX_UINT256))];
    expect(() => gate('deposit', unlimited)).toThrow(expect.objectContaining({ code: 'REGISTRY_UNLIMITED_APPROVAL' }));
    expect(() => gate('deposit', unlimited, 'unlimited')).not.toThrow();
  });

  it('a set pinned before the withdraw queue had a role: its queue takes the withdraw steps and the tranche approval', () => {
    const { withdrawQueue: _, ...contracts } = VAULT.contracts;
    const legacy = { ...VAULT, contracts };
    const queue = VAULT.contracts.queue!;
    expect(() => gate('withdraw', [item('requestWithdraw', tx(queue, calldataOf('requestWithdraw')))], 'exact', legacy)).not.toThrow();
    expect(() => gate('withdraw', [item('approve', approve(VAULT.contracts.tranche, queue))], 'exact', legacy)).not.toThrow();
    expect(() => gate('withdraw', [item('requestWithdraw', tx(a(7), calldataOf('requestWithdraw')))], 'exact', legacy)).toThrow(
      expect.objectContaining({ code: 'REGISTRY_GATE_REFUSED' }),
    );
  });

  it('agreements send no transaction: messages pass untouched', () => {
    expect(() => gate('agreements', [{ label: 'W0', wallet: a(0x77), step: 'agreement', tx: null }])).not.toThrow();
  });
});

// Keep the roles type in use for readers of the matrix above.
export type _Roles = RegistryRole;
