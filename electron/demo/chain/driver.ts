import { erc20Abi, parseUnits, type Address } from 'viem';
import { queueHasWithdrawals } from '../contracts/generations';
import { AppError } from '../../../shared/errors';
import type { ChainClient } from './client';
import type { OneClock } from './one-clock';
import type { ProtocolDeployment, VaultDeployment } from './deploy';
import { mintableAbi, queue2026Abi, queueWithdrawAbi, simQueueAbi, simStrategyAbi, simVaultAbi, vault2026Abi } from './simAbi';
import { readQueueEpochs, readVaultState, type VaultChainState } from './vaultState';

/** Where a borrower who cannot pay sends its funds. */
const SINK: Address = '0x000000000000000000000000000000000000dEaD';

export type Pace = 'immediate' | 'fast' | 'demo';
/**
 * Wall time of one whole epoch cycle per pace (the chain's clock jumps to match); a cycle is three
 * phase changes (start, instant funding, stop). The demo's are 10 minutes apart, so a batch can be
 * reviewed and signed by hand before its vaults move on; tests and benchmarks use `fast`.
 */
export const EPOCH_WALL_MS: Record<Exclude<Pace, 'immediate'>, number> = { fast: 3_000, demo: 1_800_000 };
/** Wall time between two phase changes at a pace (or `epochWallMs` when given). */
export const stepWallMs = (pace: Exclude<Pace, 'immediate'>, epochWallMs?: number): number =>
  Math.max(50, Math.round((epochWallMs ?? EPOCH_WALL_MS[pace]) / 3));

export interface CycleEvent {
  chainId: number;
  vault: string;
  action: 'startEpoch' | 'fundInstantWithdrawals' | 'stopEpoch' | 'processQueues' | 'default' | 'error';
  epochNumber: bigint;
  message?: string;
}

export interface StopOptions {
  /** APR of the next epoch in percent; the current one when omitted (an apr0 vault keeps 0). */
  newAprPercent?: number;
  /** Interest to accrue in underlying units; 0 (default) = the expected interest, 1 = close. An
   * apr0 vault (`rateAtStop`) pays what its spec's rate earns unless this is given. */
  interest?: bigint;
}

export interface VaultCycle {
  readonly vault: VaultDeployment;
  read(): Promise<VaultChainState>;
  /** Processes the queue after the last stop (if needed), waits out the buffer, starts. */
  startEpoch(): Promise<void>;
  /** Travels to the instant deadline, has the borrower fund instant redeems, collects the
   * queue's instant withdrawals. */
  fundInstantWithdrawals(): Promise<void>;
  /** Travels to the epoch end and stops it; the borrower pays unless a default is planned. */
  stopEpoch(options?: StopOptions): Promise<void>;
  /** Buffer work after a stop: collect standard withdrawals, process deposits and withdrawals. */
  processQueues(): Promise<void>;
  /** The borrower will not be able to pay at the next pull (stop or instant funding). */
  planDefault(): void;
  /** start → fund instant → stop → process, for a vault that is WAITING. */
  runEpoch(options?: StopOptions): Promise<void>;
  /** The next cycle step for this vault, whatever state it is in. */
  step(): Promise<CycleEvent['action'] | null>;
}

export interface CycleDriver {
  readonly chainId: number;
  readonly vaults: VaultCycle[];
  vault(key: string): VaultCycle;
  /** One step for every vault of the chain. */
  step(): Promise<void>;
  /** Starts the wall-clock loop of the pace (no-op for `immediate`). */
  start(): void;
  /** Stops the wall-clock loop; the demo clock also leaves a stopped driver alone until it is started again. */
  stop(): Promise<void>;
  /** Whether `stop()` was called and `start()` not since. */
  isHalted(): boolean;
}

interface CycleDriverOptions {
  pace?: Pace;
  /** Overrides the pace's wall time per epoch cycle. */
  epochWallMs?: number;
  onEvent?: (event: CycleEvent) => void;
  /** The time this chain shares with others: each tick of the wall-clock loop aligns them after its step. */
  oneClock?: OneClock;
}

/** Interest an apr0 vault pays at the stop: what `aprPercent` earns on the vault's value and the
 * apr0 principal over the epoch and its buffer (the rate the scaled APR would have paid). */
function rateAtStopInterest(vault: VaultDeployment, state: VaultChainState): bigint {
  const apr = parseUnits(String(vault.spec.aprPercent), 18);
  const interest =
    ((state.contractValue + state.apr0TotalPrincipal) * apr * (state.epochDuration + state.bufferPeriod)) / (100n * 10n ** 18n * YEAR) +
    state.pendingWithdrawFees;
  // 1 would close the vault, 0 would mean "the expected interest".
  return interest > 1n ? interest : 2n;
}

const YEAR = 365n * 24n * 60n * 60n;

function createVaultCycle(client: ChainClient, vault: VaultDeployment, emit: (e: CycleEvent) => void): VaultCycle {
  const manager = vault.manager;
  const borrower = vault.borrower;
  const prefunded = vault.spec.prefundedDepositWindowSeconds !== undefined && vault.depositQueue !== null;
  let defaultPlanned = false;

  const balanceOf = (address: Address): Promise<bigint> =>
    client.publicClient.readContract({
      address: vault.token.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });

  /** Plays the borrower before a pull: tops its balance up to `due`, or empties it when a
   * default is planned. */
  async function prepareBorrower(due: bigint): Promise<void> {
    const balance = await balanceOf(borrower);
    if (defaultPlanned) {
      if (balance > 0n) {
        await client.write({
          from: borrower,
          to: vault.token.address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [SINK, balance],
        });
      }
      return;
    }
    if (balance < due) {
      await client.write({
        from: manager,
        to: vault.token.address,
        abi: mintableAbi,
        functionName: 'mint',
        args: [borrower, due - balance],
      });
    }
  }

  const writeVault = <const fn extends 'startEpoch' | 'getInstantWithdrawFunds'>(functionName: fn) =>
    client.write({ from: manager, to: vault.epochVault, abi: simVaultAbi, functionName });

  const withdrawQueue = vault.withdrawQueue && vault.generations.withdrawQueue && queueHasWithdrawals(vault.generations.withdrawQueue) ? vault.withdrawQueue : null;

  async function processWithdrawalClaims(instant: boolean, epochNumber: bigint): Promise<void> {
    if (!withdrawQueue) return;
    const epochs = await readQueueEpochs(client, vault, epochNumber);
    const lastRequest = await client.publicClient.readContract({
      address: vault.strategy,
      abi: simStrategyAbi,
      functionName: 'lastWithdrawRequest',
      args: [withdrawQueue],
    });
    for (const epoch of epochs) {
      if (epoch.pendingClaims === 0n || epoch.isInstant !== instant) continue;
      // A standard redeem is paid at the stop after the one that processed it.
      if (!instant && epochNumber <= lastRequest) continue;
      await client.write({
        from: manager,
        to: withdrawQueue,
        abi: queueWithdrawAbi,
        functionName: 'processWithdrawalClaims',
        args: [epoch.e],
      });
    }
  }

  /** Prefunded vault: once the queue's window is reached, its deposits go to the borrower. */
  async function prefundDeposits(state: VaultChainState): Promise<void> {
    const window = BigInt(vault.spec.prefundedDepositWindowSeconds ?? 0);
    await client.advanceTo(state.epochEndDate - window);
    const [next] = (await readQueueEpochs(client, vault, state.epochNumber + 1n)).slice(-1);
    if (next && next.prefundedDeposits === 0n) {
      await client.write({ from: manager, to: vault.depositQueue!, abi: queue2026Abi, functionName: 'processDepositsToBorrower' });
    }
  }

  const cycle: VaultCycle = {
    vault,
    read: () => readVaultState(client, vault),

    async processQueues() {
      const state = await cycle.read();
      if (state.state !== 'WAITING' || state.epochNumber === 0n) return;
      // Collect the standard withdrawals first: a new redeem by the queue would move its
      // `lastWithdrawRequest` and lock the older one.
      await processWithdrawalClaims(false, state.epochNumber);
      const [current] = (await readQueueEpochs(client, vault, state.epochNumber)).slice(-1);
      // A prefunded queue's deposits were settled by the stop.
      if (current && current.depositsProcessed === false && !prefunded) {
        await client.write({ from: manager, to: vault.depositQueue!, abi: simQueueAbi, functionName: 'processDeposits' });
      }
      if (current && current.withdrawalsProcessed === false) {
        await client.write({ from: manager, to: withdrawQueue!, abi: queueWithdrawAbi, functionName: 'processWithdrawRequests' });
      }
      emit({ chainId: client.chainId, vault: vault.key, action: 'processQueues', epochNumber: state.epochNumber });
    },

    async startEpoch() {
      let state = await cycle.read();
      if (state.state !== 'WAITING') {
        throw new AppError({
          code: 'SIM_CYCLE_STATE',
          message: `Vault ${vault.key} cannot start: it is ${state.state}.`,
        });
      }
      await cycle.processQueues();
      if (state.epochEndDate > 0n) await client.advanceTo(state.epochEndDate + state.bufferPeriod);
      await writeVault('startEpoch');
      state = await cycle.read();
      emit({ chainId: client.chainId, vault: vault.key, action: 'startEpoch', epochNumber: state.epochNumber + 1n });
    },

    async fundInstantWithdrawals() {
      let state = await cycle.read();
      if (state.state !== 'RUNNING') {
        throw new AppError({ code: 'SIM_CYCLE_STATE', message: `Vault ${vault.key} is not running.` });
      }
      if (!state.allowInstantWithdraw) {
        await client.advanceTo(state.instantWithdrawDeadline);
        await prepareBorrower(state.pendingInstantWithdraws);
        await writeVault('getInstantWithdrawFunds');
        state = await cycle.read();
        if (state.defaulted) {
          emit({ chainId: client.chainId, vault: vault.key, action: 'default', epochNumber: state.epochNumber + 1n });
          return;
        }
      }
      await processWithdrawalClaims(true, state.epochNumber);
      emit({
        chainId: client.chainId,
        vault: vault.key,
        action: 'fundInstantWithdrawals',
        epochNumber: state.epochNumber + 1n,
      });
    },

    async stopEpoch(options = {}) {
      const state = await cycle.read();
      if (state.state !== 'RUNNING') {
        throw new AppError({ code: 'SIM_CYCLE_STATE', message: `Vault ${vault.key} is not running.` });
      }
      if (prefunded) await prefundDeposits(state);
      await client.advanceTo(state.epochEndDate);
      const atStop = await cycle.read();
      // An apr0 vault learns its interest at the stop, with a zero rate for the next epoch.
      const rateAtStop = vault.spec.rateAtStop === true && options.interest === undefined;
      const interest = rateAtStop ? rateAtStopInterest(vault, atStop) : (options.interest ?? 0n);
      const accrued = interest === 0n || interest === 1n ? atStop.expectedEpochInterest : interest;
      const repaid = interest === 1n ? atStop.contractValue : 0n;
      await prepareBorrower(accrued + atStop.pendingWithdraws + atStop.pendingWithdrawFees + repaid);
      const newApr = rateAtStop ? 0n : options.newAprPercent === undefined ? atStop.unscaledApr : parseUnits(String(options.newAprPercent), 18);
      if (prefunded) {
        // With a prefunded queue only the stop with a duration is allowed: it settles the queue.
        await client.write({
          from: manager,
          to: vault.epochVault,
          abi: vault2026Abi,
          functionName: 'stopEpochWithDuration',
          args: [newApr, interest, atStop.epochDuration, 0n],
        });
      } else {
        await client.write({ from: manager, to: vault.epochVault, abi: simVaultAbi, functionName: 'stopEpoch', args: [newApr, interest] });
      }
      const after = await cycle.read();
      const action = after.defaulted ? 'default' : 'stopEpoch';
      emit({ chainId: client.chainId, vault: vault.key, action, epochNumber: after.epochNumber });
    },

    planDefault() {
      defaultPlanned = true;
    },

    async runEpoch(options) {
      await cycle.startEpoch();
      await cycle.fundInstantWithdrawals();
      if ((await cycle.read()).defaulted) return;
      await cycle.stopEpoch(options);
      if ((await cycle.read()).defaulted) return;
      await cycle.processQueues();
    },

    async step() {
      const state = await cycle.read();
      if (state.state === 'DEFAULTED') return null;
      if (state.state === 'WAITING') {
        await cycle.startEpoch();
        return 'startEpoch';
      }
      // Instant redeems still waiting are funded first, even past the end date (a chain that caught
      // up with another's clock): the stop refuses while any wait.
      if (!state.allowInstantWithdraw && (state.pendingInstantWithdraws > 0n || (await client.now()) < state.epochEndDate)) {
        await cycle.fundInstantWithdrawals();
        return 'fundInstantWithdrawals';
      }
      await cycle.stopEpoch();
      if (!(await cycle.read()).defaulted) await cycle.processQueues();
      return 'stopEpoch';
    },
  };
  return cycle;
}

/**
 * Plays the manager and the borrowers of one chain's vaults. With the `immediate` pace the
 * caller drives every step; `fast` and `demo` run a loop in wall time in which each epoch cycle
 * (start, instant funding, stop with queue processing) takes `epochWallMs`.
 */
export function createCycleDriver(client: ChainClient, deployment: ProtocolDeployment, options: CycleDriverOptions = {}): CycleDriver {
  const pace = options.pace ?? 'immediate';
  const emit = (event: CycleEvent): void => options.onEvent?.(event);
  const vaults = deployment.vaults.map((vault) => createVaultCycle(client, vault, emit));
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let halted = false;

  const driver: CycleDriver = {
    chainId: client.chainId,
    vaults,
    vault(key) {
      const found = vaults.find((v) => v.vault.key === key);
      if (!found) throw new AppError({ code: 'SIM_VAULT_UNKNOWN', message: `No vault ${key} on chain ${client.chainId}.` });
      return found;
    },
    async step() {
      // Vaults share the chain's clock, so their steps run one after the other.
      for (const vault of vaults) {
        try {
          await vault.step();
        } catch (error) {
          emit({
            chainId: client.chainId,
            vault: vault.vault.key,
            action: 'error',
            epochNumber: 0n,
            message: error instanceof Error ? error.message : String(error),
          });
        }
      }
    },
    start() {
      halted = false;
      if (pace === 'immediate' || timer) return;
      // Three steps per cycle: start, instant funding, stop.
      const interval = stepWallMs(pace, options.epochWallMs);
      timer = setInterval(() => {
        inFlight = inFlight.then(async () => {
          await (options.oneClock ? options.oneClock.step(() => driver.step()) : driver.step());
        });
      }, interval);
      timer.unref();
    },
    async stop() {
      halted = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await inFlight;
    },
    isHalted: () => halted,
  };
  return driver;
}
