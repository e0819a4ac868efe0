import { parseEther, parseUnits, type Address } from 'viem';
import { AppError } from '../../../shared/errors';
import { deriveAccounts, FIRST_WALLET_INDEX, type DerivedAccount } from './accounts';
import type { ChainClient } from './client';
import type { ProtocolDeployment, VaultDeployment } from './deploy';
import { createCycleDriver, type CycleDriver, type VaultCycle } from './driver';
import { keyringAdminAbi, mintableAbi, simVaultAbi } from './simAbi';
import { lenderActions, type LenderActions } from './lender';
import type { CycleState } from './vaultState';
import { mulberry32 } from '../service/prng';

/**
 * How a vault's scripted history ends:
 * - `running`: in epoch 3 after the instant funding (pending, processed and claimable requests);
 * - `unprocessed`: stopped after epoch 2, queue not processed yet (pending deposits cancellable);
 * - `processed`: stopped after epoch 2, queue processed, new redeem requests filed;
 * - `default`: the borrower cannot pay at the end of epoch 2.
 */
type StoryEnd = 'running' | 'unprocessed' | 'processed' | 'default';

export interface VaultStory {
  end: StoryEnd;
  /** The APR drops at the second stop, so the buffer's redeems and withdrawals are instant. */
  aprDrop: boolean;
  /** L1 claims its epoch-1 withdrawal (otherwise it stays claimable). */
  claimWithdrawE1: boolean;
  /** L3 leaves its buffer-1 standard redeem unclaimed: claimable while the next epoch runs. */
  keepRedeemE1?: boolean;
}

export const DEFAULT_STORIES: Record<string, VaultStory> = {
  alpha: { end: 'running', aprDrop: true, claimWithdrawE1: true, keepRedeemE1: true },
  beta: { end: 'unprocessed', aprDrop: false, claimWithdrawE1: true },
  gamma: { end: 'default', aprDrop: false, claimWithdrawE1: true },
  delta: { end: 'running', aprDrop: false, claimWithdrawE1: false },
  epsilon: { end: 'processed', aprDrop: true, claimWithdrawE1: true },
  // The extra vaults of `protocolSpecWithVaults`.
  zeta: { end: 'running', aprDrop: true, claimWithdrawE1: false },
  eta: { end: 'processed', aprDrop: false, claimWithdrawE1: true },
  theta: { end: 'running', aprDrop: false, claimWithdrawE1: true },
  iota: { end: 'unprocessed', aprDrop: false, claimWithdrawE1: false },
  kappa: { end: 'running', aprDrop: true, claimWithdrawE1: true },
};

/** Lender roles of a story, L0…L8 (see `seedVaultStory` for what each one does). */
const STORY_ROLES = ['L0', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'L8'] as const;
export type StoryRole = (typeof STORY_ROLES)[number];

export interface SeedWallet extends DerivedAccount {
  /** Holds a keyring credential (KYC vaults accept it). */
  allowed: boolean;
}

export interface SeededVault {
  key: string;
  chainId: number;
  expectedState: CycleState;
  story: VaultStory;
  lenders: Record<StoryRole, Address>;
  /** Other wallets that made a direct deposit before the first epoch. */
  extraDepositors: Address[];
}

export interface SeedResult {
  seed: number;
  wallets: SeedWallet[];
  vaults: SeededVault[];
  ms: number;
}

export interface SeedChain {
  client: ChainClient;
  deployment: ProtocolDeployment;
}

export interface SeedOptions {
  /** Varies the amounts; the same seed gives the same balances. */
  seed?: number;
  /** Lender wallets to create (at least 12). */
  wallets?: number;
  stories?: Record<string, VaultStory>;
}

/** Every fifth wallet has no credential. */
export const isAllowedWallet = (position: number): boolean => position % 5 !== 4;

export const WALLET_ETH = parseEther('100');
export const WALLET_TOKENS = 1_000_000;

/** Runs `fn` over `items` with at most `limit` running at once (a thousand wallets would flood the node). */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, () => worker()));
}

const FUNDING_CONCURRENCY = 32;

export async function fundWallets(chain: SeedChain, wallets: SeedWallet[]): Promise<void> {
  const { client, deployment } = chain;
  await eachLimited(wallets, FUNDING_CONCURRENCY, (w) => client.setBalance(w.address, WALLET_ETH));
  await eachLimited(wallets, FUNDING_CONCURRENCY, async (w) => {
    for (const token of Object.values(deployment.tokens)) {
      const amount = parseUnits(String(WALLET_TOKENS), token.decimals);
      await client.write({
        from: w.address,
        to: token.address,
        abi: mintableAbi,
        functionName: 'mint',
        args: [w.address, amount],
      });
    }
  });
  const allowed = wallets.filter((w) => w.allowed).map((w) => w.address);
  for (let i = 0; i < allowed.length; i += 100) {
    await client.write({
      from: deployment.deployer,
      to: deployment.keyring,
      abi: keyringAdminAbi,
      functionName: 'setCredentials',
      args: [deployment.policyId, allowed.slice(i, i + 100), true],
    });
  }
}

export interface StoryRun {
  cycle: VaultCycle;
  vault: VaultDeployment;
  story: VaultStory;
  lender: Record<StoryRole, LenderActions>;
  extra: LenderActions[];
  amount: () => bigint;
  seeded: SeededVault;
  done: boolean;
}

/** Deposits each story makes first (L0…L7 in buffer 0), before the extra depositors'. */
const FIRST_STORY_DEPOSITS = 8;

/** Where a vault's story runs: its chain, its place among the seeded vaults, and who may lend. */
interface VaultStoryPlace {
  chain: SeedChain;
  chainIndex: number;
  /** The vault's position in its chain's deployment. */
  position: number;
  vault: VaultDeployment;
  driver: CycleDriver;
  /** The wallets holding a credential, in wallet order. */
  allowed: readonly { address: Address; index: number }[];
  seed: number;
  stories: Record<string, VaultStory>;
}

/**
 * One vault's story run: its lenders and extra depositors, picked from the allowed wallets by the
 * vault's place, and its amounts drawn from the seed in the order the story spends them. Every
 * seeded world builds its runs here, so a world seeded by writing state has the same lenders and
 * amounts as one seeded transaction by transaction.
 *
 * With `extrasByState`, the extra depositors do not deposit in the story: their amounts are
 * drawn where the story would draw them and returned, for the caller to write as state.
 */
export function vaultStoryRun(
  place: VaultStoryPlace,
  options: { extrasByState?: boolean } = {},
): { run: StoryRun; extraDeposits: { wallet: Address; amount: bigint }[] } {
  const { chain, chainIndex, position, vault, driver, allowed, seed, stories } = place;
  const story = stories[vault.key] ?? DEFAULT_STORIES.alpha!;
  const offset = (chainIndex * 5 + position) * 2;
  const lenders = Object.fromEntries(STORY_ROLES.map((role, k) => [role, allowed[(offset + k) % allowed.length]!.address])) as Record<
    StoryRole,
    Address
  >;
  const core = new Set(Object.values(lenders));
  const extraDepositors = allowed.filter((w) => !core.has(w.address) && (w.index + position) % 3 === 0).map((w) => w.address);
  const random = mulberry32(seed * 7919 + chainIndex * 101 + position);
  const draw = () => parseUnits(String(1000 + Math.floor(random() * 19_000)), vault.token.decimals);
  let amount = draw;
  let extraDeposits: { wallet: Address; amount: bigint }[] = [];
  if (options.extrasByState) {
    // The story's first deposits are drawn before the extra depositors', as when they deposit in it.
    const first = Array.from({ length: FIRST_STORY_DEPOSITS }, draw);
    extraDeposits = extraDepositors.map((wallet) => ({ wallet, amount: draw() }));
    amount = () => first.shift() ?? draw();
  }
  const seeded: SeededVault = {
    key: vault.key,
    chainId: chain.client.chainId,
    expectedState: EXPECTED_STATE[story.end],
    story,
    lenders,
    extraDepositors,
  };
  const run: StoryRun = {
    cycle: driver.vault(vault.key),
    vault,
    story,
    lender: Object.fromEntries(STORY_ROLES.map((role) => [role, lenderActions(chain.client, vault, lenders[role])])) as StoryRun['lender'],
    extra: options.extrasByState ? [] : extraDepositors.map((address) => lenderActions(chain.client, vault, address)),
    amount,
    seeded,
    done: false,
  };
  return { run, extraDeposits };
}

const half = (x: bigint): bigint => x / 2n;
const isPrefunded = (vault: VaultDeployment): boolean => vault.spec.prefundedDepositWindowSeconds !== undefined;

/** Underlying value of `tranches` at the vault's saved price. */
async function trancheValue(chain: SeedChain, vault: VaultDeployment, tranches: bigint): Promise<bigint> {
  const price = await chain.client.publicClient.readContract({ address: vault.epochVault, abi: simVaultAbi, functionName: 'tranchePrice', args: [vault.tranche] });
  return (tranches * price) / 10n ** 18n;
}
const quarter = (x: bigint): bigint => x / 4n;

/**
 * Runs the scripted histories of one chain's vaults in lockstep phases (the vaults share the
 * chain's clock), so that each vault ends in the state its story names.
 *
 * Story (n = completed epochs):
 * - buffer 0: some extra wallets, then L0…L7 deposit with depositAA (the first alone);
 * - epoch 1: L6, L7 queue deposits; L1 queues a withdrawal; L2 queues one and cancels it;
 * - buffer 1: queue processed; L6 claims its deposit (L7 leaves it claimable); L3 files a
 *   standard redeem;
 * - epoch 2: L0, L8 queue deposits (a prefunded queue's L8 cancels at once: later its deposit is
 *   at the borrower); L4 queues a withdrawal; L7 asks the write-off escrow, if any, to buy a
 *   quarter of its tranche tokens; L5 deposits during the epoch where the vault allows it
 *   (`default` ends at this stop; an apr0 vault is paid its rate at the stop);
 * - buffer 2: L8 cancels its deposit (`unprocessed` ends here; on an apr0 vault L3's redeem
 *   is then claimable with its share of the stop's interest); queue processed (L1's epoch-1
 *   withdrawal collected, L1 claims it unless told not to); L3 claims its redeem unless told to
 *   keep it; L5 and L0 file redeems, instant when the APR dropped (`processed` ends here);
 * - epoch 3: instant funding (L0 claims its instant redeem, L5 leaves it); L6 queues a deposit,
 *   L2 a withdrawal, both pending (`running` ends here).
 */
export async function seedChainStories(chain: SeedChain, runs: StoryRun[]): Promise<void> {
  const live = (): StoryRun[] => runs.filter((r) => !r.done);
  const each = async (fn: (run: StoryRun) => Promise<void>): Promise<void> => {
    for (const run of live()) await fn(run);
  };
  const finish = (end: StoryEnd): void => {
    for (const run of live()) if (run.story.end === end) run.done = true;
  };

  // buffer 0
  await each(async (r) => {
    // Amounts drawn in the story's order (its lenders, then the extra depositors).
    const story = STORY_ROLES.slice(0, 8).map((role) => [r.lender[role], r.amount()] as const);
    const extra = r.extra.map((lender) => [lender, r.amount()] as const);
    // The vault's first mint leaves 1000 wei with the tranche for good: one depositor makes it
    // alone, the first extra one (a world seeded by writing state pools the extras' deposits
    // first) or else L0.
    const [first, ...others] = [...extra, ...story];
    if (first) await first[0].depositAA(first[1]);
    const rest = others.slice(0, Math.max(0, extra.length - 1));
    await eachLimited(rest, FUNDING_CONCURRENCY, ([lender, amount]) => lender.depositAA(amount));
    await Promise.all(others.slice(rest.length).map(([lender, amount]) => lender.depositAA(amount)));
  });
  // epoch 1
  await each((r) => r.cycle.startEpoch());
  await each(async (r) => {
    await Promise.all([r.lender.L6.queueDeposit(r.amount()), r.lender.L7.queueDeposit(r.amount())]);
    await r.lender.L1.queueWithdraw(half(await r.lender.L1.trancheBalance()));
    await r.lender.L2.queueWithdraw(quarter(await r.lender.L2.trancheBalance()));
    await r.lender.L2.deleteWithdraw(1n);
  });
  await each((r) => r.cycle.fundInstantWithdrawals());
  await each((r) => r.cycle.stopEpoch());
  await each((r) => r.cycle.processQueues());
  // buffer 1
  await each(async (r) => {
    await r.lender.L6.claimDeposit(1n);
    await r.lender.L3.redeem(half(await r.lender.L3.trancheBalance()));
  });
  // epoch 2
  await each((r) => r.cycle.startEpoch());
  await each(async (r) => {
    await Promise.all([r.lender.L0.queueDeposit(r.amount()), r.lender.L8.queueDeposit(r.amount())]);
    if (isPrefunded(r.vault)) await r.lender.L8.deleteDeposit(2n);
    await r.lender.L4.queueWithdraw(half(await r.lender.L4.trancheBalance()));
    if (r.vault.writeOff) {
      const tranches = quarter(await r.lender.L7.trancheBalance());
      const value = await trancheValue(chain, r.vault, tranches);
      await r.lender.L7.requestWriteOff(tranches, value);
    }
    if (r.vault.spec.depositDuringEpoch) await r.lender.L5.depositDuringEpoch(r.amount());
    if (r.story.end === 'default') r.cycle.planDefault();
  });
  await each((r) => r.cycle.fundInstantWithdrawals());
  await each(async (r) => {
    const apr = r.vault.spec.aprPercent;
    await r.cycle.stopEpoch({ newAprPercent: r.story.aprDrop ? apr - 3 : apr });
  });
  finish('default');
  // buffer 2
  await each(async (r) => {
    if (!isPrefunded(r.vault)) await r.lender.L8.deleteDeposit(2n);
  });
  finish('unprocessed');
  await each((r) => r.cycle.processQueues());
  await each(async (r) => {
    if (r.story.claimWithdrawE1) await r.lender.L1.claimWithdraw(1n);
    if (!r.story.keepRedeemE1) await r.lender.L3.claimRedeem();
    await r.lender.L5.redeem(half(await r.lender.L5.trancheBalance()));
    await r.lender.L0.redeem(quarter(await r.lender.L0.trancheBalance()));
  });
  finish('processed');
  // epoch 3
  await each((r) => r.cycle.startEpoch());
  await each((r) => r.cycle.fundInstantWithdrawals());
  await each(async (r) => {
    if (r.story.aprDrop) await r.lender.L0.claimInstantRedeem();
    await r.lender.L6.queueDeposit(r.amount());
    await r.lender.L2.queueWithdraw(quarter(await r.lender.L2.trancheBalance()));
  });
  finish('running');
}

const EXPECTED_STATE: Record<StoryEnd, CycleState> = {
  running: 'RUNNING',
  unprocessed: 'WAITING',
  processed: 'WAITING',
  default: 'DEFAULTED',
};

/**
 * Seeds wallets and vault histories on freshly deployed chains: ETH and underlying for every
 * wallet on every chain, credentials for the allowed ones, and each vault's scripted story.
 */
export async function seedScenario(chains: SeedChain[], options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const seed = options.seed ?? 1;
  const count = options.wallets ?? 24;
  if (count < 12) {
    throw new AppError({ code: 'SIM_SPEC_INVALID', message: 'The scenario needs at least 12 wallets.' });
  }
  const wallets: SeedWallet[] = deriveAccounts(FIRST_WALLET_INDEX, count).map((account, position) => ({
    ...account,
    allowed: isAllowedWallet(position),
  }));
  const allowed = wallets.filter((w) => w.allowed);
  const stories = { ...DEFAULT_STORIES, ...options.stories };
  const vaults: SeededVault[] = [];

  await Promise.all(
    chains.map(async (chain, chainIndex) => {
      await fundWallets(chain, wallets);
      const driver = createCycleDriver(chain.client, chain.deployment);
      const runs = chain.deployment.vaults.map((vault, position) => {
        const { run } = vaultStoryRun({ chain, chainIndex, position, vault, driver, allowed, seed, stories });
        vaults.push(run.seeded);
        return run;
      });
      await seedChainStories(chain, runs);
    }),
  );

  vaults.sort((a, b) => a.chainId - b.chainId);
  return { seed, wallets, vaults, ms: performance.now() - started };
}
