import type { Hex } from 'viem';
import type { AppErrorData } from '../../../shared/errors';
import type { BatchItem, PlanVault } from '../../../shared/signing/schemas';
import {
  SIMULATION_LIMITS,
  approvalChanges,
  callName,
  gasDelta,
  mergeDeltas,
  protocolEvents,
  transferDeltas,
  valueDelta,
  type AllowanceChange,
  type ItemSimulation,
  type LogLike,
  type TokenLookup,
  type VaultContracts,
} from '../../../shared/simulation';

/** How one simulated item is put together, whichever way it ran (fork or eth_simulateV1). */

const contractsOf = (v: PlanVault): VaultContracts => ({
  epochVault: v.epochVault,
  queue: v.queue,
  withdrawQueue: v.withdrawQueue === undefined ? v.queue : v.withdrawQueue,
  strategy: v.strategy,
  underlying: v.underlying,
  tranche: v.tranche,
});

const base = (item: BatchItem, vault: PlanVault) => ({
  itemId: item.id,
  wallet: item.wallet,
  chainId: item.chainId,
  call: callName(contractsOf(vault), item.tx!.to ?? '0x', (item.tx!.data ?? '0x') as Hex).slice(0, 120),
});

/** An item that did not run because the step it waits for would not succeed: it would never be sent. */
export function notRun(item: BatchItem, vault: PlanVault, dependency: string): ItemSimulation {
  const error: AppErrorData = {
    code: 'SIMULATION_DEPENDENCY_FAILED',
    message: `Not run: it waits for step ${dependency}, which does not succeed on the fork.`,
    action: 'Look at the reason of that step first; this one follows it.',
  };
  return {
    ...base(item, vault),
    ran: false,
    ok: false,
    revert: { reason: null, error },
    gasUsed: null,
    deltas: [],
    allowances: [],
    events: [],
    truncated: false,
    note: null,
  };
}

/** An item that reverted (or was refused by the fork): nothing changes but what it tells. */
export function reverted(
  item: BatchItem,
  vault: PlanVault,
  error: AppErrorData,
  gasUsed: bigint | null,
  note: string | null = null,
): ItemSimulation {
  const reason = typeof error.details?.revert === 'string' ? error.details.revert.slice(0, SIMULATION_LIMITS.text) : null;
  return {
    ...base(item, vault),
    ran: true,
    ok: false,
    revert: { reason, error: { ...error, message: error.message.slice(0, 2000) } },
    gasUsed: gasUsed === null ? null : gasUsed.toString(),
    deltas: [],
    allowances: [],
    events: [],
    truncated: false,
    note,
  };
}

/** An item that succeeded: its balance changes, allowances and protocol events, each list within its bound. */
export function succeeded(args: {
  item: BatchItem;
  vault: PlanVault;
  logs: readonly LogLike[];
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  lookup: TokenLookup;
  allowances: Map<string, bigint>;
  /** Allowances read after the call that no event announced (a transferFrom spends one silently). */
  spent: AllowanceChange[];
  epochKey: bigint | null;
  note: string | null;
}): ItemSimulation {
  const { item, vault, logs } = args;
  const tx = item.tx!;
  const value = BigInt(tx.value ?? '0');
  const gas = gasDelta(item.wallet, args.gasUsed, args.effectiveGasPrice, value);
  const sent = tx.to ? valueDelta(tx.to, value) : null;
  const deltas = mergeDeltas([...transferDeltas(logs, args.lookup), ...(gas ? [gas] : []), ...(sent ? [sent] : [])]);
  // The wallet's own changes first: what the operator reads before the contracts'.
  deltas.sort(
    (a, b) => Number(b.wallet.toLowerCase() === item.wallet.toLowerCase()) - Number(a.wallet.toLowerCase() === item.wallet.toLowerCase()),
  );
  const allowances = [...approvalChanges(logs, args.lookup, args.allowances), ...args.spent];
  const events = protocolEvents({
    vault: contractsOf(vault),
    wallet: item.wallet,
    to: tx.to ?? '0x',
    data: (tx.data ?? '0x') as Hex,
    deltas,
    logs,
    epochKey: args.epochKey,
  });
  const truncated =
    deltas.length > SIMULATION_LIMITS.deltasPerItem ||
    allowances.length > SIMULATION_LIMITS.allowancesPerItem ||
    events.length > SIMULATION_LIMITS.eventsPerItem;
  return {
    ...base(item, vault),
    ran: true,
    ok: true,
    revert: null,
    gasUsed: args.gasUsed.toString(),
    deltas: deltas.slice(0, SIMULATION_LIMITS.deltasPerItem),
    allowances: allowances.slice(0, SIMULATION_LIMITS.allowancesPerItem),
    events: events.slice(0, SIMULATION_LIMITS.eventsPerItem),
    truncated,
    note: args.note,
  };
}
