import { decodeFunctionData, erc20Abi, getAddress, parseAbi, parseEventLogs, type Abi, type Address, type Hash, type Log } from 'viem';
import type { ChainClient, VaultDeployment } from '../chain';
import { legacyVaultAbi, prefundedVaultAbi, queue2026Abi, queueWithdrawAbi, simQueueAbi, simVaultAbi, vault2026Abi, writeOffAbi } from '../chain/simAbi';

/** Every call the lenders and the manager make, across the generations (decoded by selector). */
const CALLS: Record<VaultAction['contract'], Abi> = {
  vault: [...simVaultAbi, ...legacyVaultAbi, ...vault2026Abi, ...prefundedVaultAbi],
  queue: [...simQueueAbi, ...queueWithdrawAbi, ...queue2026Abi],
  writeOff: writeOffAbi,
};

/** Which of the vault's contracts an address is. */
function contractOf(vault: VaultDeployment, address: string | null | undefined): VaultAction['contract'] | undefined {
  const a = address?.toLowerCase();
  if (!a) return undefined;
  if (a === vault.epochVault.toLowerCase()) return 'vault';
  if (a === vault.depositQueue?.toLowerCase() || a === vault.withdrawQueue?.toLowerCase()) return 'queue';
  if (a === vault.writeOff?.toLowerCase()) return 'writeOff';
  return undefined;
}

/** The vault's own contracts (its queues, escrow and strategy included). */
export function vaultParties(vault: VaultDeployment): Address[] {
  return [vault.epochVault, vault.depositQueue, vault.withdrawQueue, vault.writeOff, vault.strategy].filter((a): a is Address => a !== null);
}

/** One ERC-20 movement touching the vault. */
export interface Movement {
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
}

/** A transaction sent to the epoch vault, a queue or the write-off escrow, decoded. */
export interface VaultAction {
  hash: Hash;
  blockNumber: bigint;
  timestamp: bigint;
  logIndex: number;
  from: Address;
  contract: 'vault' | 'queue' | 'writeOff';
  functionName: string;
  args: readonly unknown[];
  movements: Movement[];
}

/** The vault's cycle events, in order. */
export interface CycleLog {
  kind: 'start' | 'stop' | 'default';
  blockNumber: bigint;
  timestamp: bigint;
  interest?: bigint;
  fees?: bigint;
}

export interface VaultActivity {
  actions: VaultAction[];
  cycle: CycleLog[];
}

/**
 * Reads what happened to one vault: every `Transfer` of its underlying, tranche and receipt
 * tokens that touches the vault, its queues, its escrow or its strategy, grouped by transaction and decoded
 * from the transaction's input (the protocol emits no request events), plus the cycle events.
 */
export async function readVaultActivity(
  client: ChainClient,
  vault: VaultDeployment,
  blockTimestamp: (blockNumber: bigint) => Promise<bigint>,
  toBlock: bigint,
  /** Decoded transactions by hash (a mined transaction never changes): saves re-reading them. */
  cache: Map<Hash, VaultAction | null> = new Map(),
): Promise<VaultActivity> {
  const read = client.publicClient;
  const parties = new Set(vaultParties(vault).map((a) => a.toLowerCase()));
  const transferLogs = await read.getLogs({
    address: [vault.token.address, vault.tranche, vault.strategy],
    event: erc20Abi.find((i) => i.type === 'event' && i.name === 'Transfer')!,
    fromBlock: 0n,
    toBlock,
  });
  const byTx = new Map<Hash, Log[]>();
  for (const log of transferLogs) {
    const token = log.address.toLowerCase();
    const { from, to } = log.args as { from: Address; to: Address };
    const touches = token !== vault.token.address.toLowerCase() || parties.has(from.toLowerCase()) || parties.has(to.toLowerCase());
    if (!touches || !log.transactionHash) continue;
    byTx.set(log.transactionHash, [...(byTx.get(log.transactionHash) ?? []), log]);
  }

  const actions: VaultAction[] = [];
  for (const [hash, logs] of byTx) {
    const cached = cache.get(hash);
    if (cached !== undefined) {
      if (cached) actions.push(cached);
      continue;
    }
    const action = await decodeAction(hash, logs);
    cache.set(hash, action);
    if (action) actions.push(action);
  }

  async function decodeAction(hash: Hash, logs: Log[]): Promise<VaultAction | null> {
    const tx = await read.getTransaction({ hash });
    const contract = contractOf(vault, tx.to);
    if (!contract) return null; // the manager's and borrower's own transfers, mints of the test tokens
    let decoded: { functionName: string; args?: readonly unknown[] };
    try {
      decoded = decodeFunctionData({ abi: CALLS[contract], data: tx.input });
    } catch {
      return null;
    }
    const movements = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs }).map((l) => ({
      token: getAddress(l.address),
      from: getAddress(l.args.from),
      to: getAddress(l.args.to),
      value: l.args.value,
    }));
    const blockNumber = tx.blockNumber!;
    return {
      hash,
      blockNumber,
      timestamp: await blockTimestamp(blockNumber),
      logIndex: logs[0]!.logIndex ?? 0,
      from: getAddress(tx.from),
      contract,
      functionName: decoded.functionName,
      args: decoded.args ?? [],
      movements,
    };
  }
  actions.sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));

  const cycleLogs = await read.getContractEvents({ address: vault.epochVault, abi: CYCLE_EVENTS, fromBlock: 0n, toBlock });
  const cycle: CycleLog[] = [];
  for (const log of cycleLogs) {
    const blockNumber = log.blockNumber!;
    const timestamp = await blockTimestamp(blockNumber);
    if (log.eventName === 'Paused') cycle.push({ kind: 'start', blockNumber, timestamp });
    if (log.eventName === 'AccrueInterest') {
      cycle.push({ kind: 'stop', blockNumber, timestamp, interest: log.args.interest, fees: log.args.fees });
    }
    if (log.eventName === 'BorrowerDefault') cycle.push({ kind: 'default', blockNumber, timestamp });
  }
  return { actions, cycle };
}

const CYCLE_EVENTS = parseAbi([
  'event AccrueInterest(uint256 interest, uint256 fees)',
  'event BorrowerDefault(uint256 funds)',
  'event Paused(address account)',
  'event Unpaused(address account)',
]);

/** Completed epochs at a block: the strategy counts one per successful stop. */
export function epochNumberAt(cycle: CycleLog[], blockNumber: bigint): bigint {
  return BigInt(cycle.filter((c) => c.kind === 'stop' && c.blockNumber <= blockNumber).length);
}

/** Sum of the movements of `token` from `from` to `to` in an action. */
export function moved(action: VaultAction, token: Address, from: Address, to: Address): bigint {
  return action.movements.filter((m) => m.token === token && m.from === from && m.to === to).reduce((sum, m) => sum + m.value, 0n);
}

;
