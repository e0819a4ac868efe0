import { keccak256, numberToHex, parseUnits, getAddress, toHex, type Address } from 'viem';
import { AppError } from '../../../shared/errors';
import {
  createCycleDriver,
  DEFAULT_STORIES,
  FIRST_WALLET_INDEX,
  isAllowedWallet,
  keyringAdminAbi,
  simVaultAbi,
  type ChainClient,
  type SeedChain,
  type SeededVault,
  type VaultDeployment,
} from '../chain';
import { seedChainStories, vaultStoryRun, WALLET_ETH, WALLET_TOKENS, type StoryRun } from '../chain/scenario';
import { deriveAccountsFast } from './accounts';
import { rpcBatch } from './rpc-batch';
import { balanceOf, mintByState, writeAllowances, writeBalances } from './token-storage';

/** A lender wallet of a large world. Only the first `DERIVED_WALLETS` have a key in the simulation's mnemonic. */
export interface ScaleWallet {
  index: number;
  address: Address;
  allowed: boolean;
  /** From the simulation's mnemonic (the same address `seedScenario` gives); otherwise an address anvil impersonates. */
  derived: boolean;
}

/** Where the seeding's time went, ms (the two chains seed side by side: the slower one counts). */
export interface ScaleSeedTimings {
  accounts: number;
  /** Story lenders funded, the pooled deposits made. */
  before: number;
  stories: number;
  /** Credentials, balances and the pooled deposits handed out to the other wallets. */
  after: number;
  total: number;
}

/** The direct deposits of a vault's extra depositors, made as one by the pool and handed out afterwards. */
export interface PooledDeposits {
  chainId: number;
  epochVault: Address;
  tranche: Address;
  /** The address that deposited for them; it keeps only the rounding remainder (none at the first price). */
  pool: Address;
  deposits: { wallet: Address; amount: bigint; minted: bigint }[];
}

export interface ScaleSeedResult {
  seed: number;
  wallets: ScaleWallet[];
  vaults: SeededVault[];
  pooled: PooledDeposits[];
  ms: number;
  timings: ScaleSeedTimings;
}

/**
 * Wallets derived from the mnemonic; the rest get addresses hashed from their position. A key
 * costs elliptic-curve work (milliseconds on a busy machine); the console only ever reads these
 * wallets, and anvil sends their transactions without a key.
 */
export const DERIVED_WALLETS = 1000;

const hashedAddress = (label: string): Address => getAddress(`0x${keccak256(toHex(label)).slice(-40)}`);

/** Lender wallets at positions 0…count-1: the first ones exactly those of `seedScenario`. */
export function scaleWallets(count: number): ScaleWallet[] {
  const derived = deriveAccountsFast(FIRST_WALLET_INDEX, Math.min(count, DERIVED_WALLETS));
  return Array.from({ length: count }, (_, position) => {
    const index = FIRST_WALLET_INDEX + position;
    const account = derived[position];
    return {
      index,
      address: account ? account.address : hashedAddress(`vaultdesk scale lender ${index}`),
      allowed: isAllowedWallet(position),
      derived: !!account,
    };
  });
}

const ONE_TRANCHE = 10n ** 18n;
const CREDENTIALS_PER_TX = 100;

async function setCredentials(chain: SeedChain, wallets: readonly Address[]): Promise<void> {
  const { client, deployment } = chain;
  for (let i = 0; i < wallets.length; i += CREDENTIALS_PER_TX) {
    await client.write({
      from: deployment.deployer,
      to: deployment.keyring,
      abi: keyringAdminAbi,
      functionName: 'setCredentials',
      args: [deployment.policyId, wallets.slice(i, i + CREDENTIALS_PER_TX), true],
    });
  }
}

const setEth = (client: ChainClient, wallets: readonly Address[]) =>
  rpcBatch(
    client.rpcUrl,
    wallets.map((w) => ({ method: 'anvil_setBalance', params: [w, numberToHex(WALLET_ETH)] })),
  );

/**
 * Seeds the same world as `seedScenario` — the same wallets, balances, credentials, vault stories
 * and amounts for the same seed, as the console reads them — fast enough for tens of thousands of
 * wallets. anvil mines a block per transaction and each block costs time in proportion to the
 * whole state, so the world is built small first and grown after:
 * 1. only the stories' lenders are funded (their balances written into state) and given credentials;
 * 2. per vault, a pool address makes, as one real `depositAA`, the direct deposits of all the
 *    vault's extra depositors (buffer 0, before the first epoch, as in `seedScenario`);
 * 3. every vault's story runs transaction by transaction, as before, on that small state;
 * 4. then the other wallets get their credentials (the keyring's own batch call), ETH and tokens
 *    (written into state, less what they deposited), and the pool's tranche tokens are handed out
 *    to the depositors it stood for (written into state; the total supply does not move).
 * The contracts run for real for everything the console reads; the simulated service's records of
 * the pooled deposits are written by `recordPooledPositions` after indexing.
 */
export async function seedScenarioAtScale(
  chains: SeedChain[],
  options: { seed?: number; wallets?: number } = {},
): Promise<ScaleSeedResult> {
  const started = performance.now();
  const seed = options.seed ?? 1;
  const count = options.wallets ?? 24;
  if (count < 12) throw new AppError({ code: 'SIM_SPEC_INVALID', message: 'The scenario needs at least 12 wallets.' });
  const wallets = scaleWallets(count);
  const timings: ScaleSeedTimings = { accounts: performance.now() - started, before: 0, stories: 0, after: 0, total: 0 };
  const lap = (key: 'before' | 'stories' | 'after', since: number) => {
    timings[key] = Math.max(timings[key], performance.now() - since);
  };
  const allowed = wallets.filter((w) => w.allowed);
  const vaults: SeededVault[] = [];
  const pooled: PooledDeposits[] = [];

  await Promise.all(
    chains.map(async (chain, chainIndex) => {
      const { client, deployment } = chain;
      const pool = hashedAddress(`vaultdesk scale deposit pool ${client.chainId}`);
      const driver = createCycleDriver(client, deployment);
      const extras: { vault: VaultDeployment; deposits: { wallet: Address; amount: bigint }[] }[] = [];
      const runs: StoryRun[] = deployment.vaults.map((vault, position) => {
        // The same lenders, extra depositors and amounts as seedScenario; the extras' deposits are written as state.
        const { run, extraDeposits } = vaultStoryRun(
          { chain, chainIndex, position, vault, driver, allowed, seed, stories: DEFAULT_STORIES },
          { extrasByState: true },
        );
        extras.push({ vault, deposits: extraDeposits });
        vaults.push(run.seeded);
        return run;
      });
      const storyLenders = [...new Set(runs.flatMap((r) => Object.values(r.seeded.lenders)))];
      const storySet = new Set(storyLenders);

      // 1–2: the story lenders and the pool, on a small state.
      let t = performance.now();
      await setEth(client, [...storyLenders, pool]);
      for (const token of Object.values(deployment.tokens)) {
        await mintByState(client, token.address, storyLenders, parseUnits(String(WALLET_TOKENS), token.decimals));
      }
      await setCredentials(chain, [...storyLenders, pool]);
      for (const { vault, deposits } of extras) {
        const sum = deposits.reduce((s, d) => s + d.amount, 0n);
        if (sum === 0n) continue;
        const price = await client.publicClient.readContract({
          address: vault.epochVault,
          abi: simVaultAbi,
          functionName: 'virtualPrice',
          args: [vault.tranche],
        });
        const held = await balanceOf(client, vault.token.address, pool);
        await writeBalances(client, vault.token.address, [{ holder: pool, amount: held + sum }], sum);
        await writeAllowances(client, vault.token.address, [{ owner: pool, spender: vault.epochVault, amount: sum }]);
        const before = await balanceOf(client, vault.tranche, pool);
        await client.write({ from: pool, to: vault.epochVault, abi: simVaultAbi, functionName: 'depositAA', args: [sum] });
        const shares = deposits.map((d) => ({ ...d, minted: (d.amount * ONE_TRANCHE) / price }));
        // The vault's first mint leaves 1000 wei with the tranche (MIN_LIQUIDITY). Seeded by
        // transactions, the first extra depositor makes it alone: its share is that much smaller.
        const shortfall = shares.reduce((s, d) => s + d.minted, 0n) - ((await balanceOf(client, vault.tranche, pool)) - before);
        if (shortfall > 0n && shares[0]) shares[0].minted -= shortfall;
        pooled.push({ chainId: client.chainId, epochVault: vault.epochVault, tranche: vault.tranche, pool, deposits: shares });
      }
      lap('before', t);

      // 3: the stories.
      t = performance.now();
      await seedChainStories(chain, runs);
      lap('stories', t);

      // 4: everyone else, then the pool's deposits handed out.
      t = performance.now();
      const others = wallets.filter((w) => !storySet.has(w.address));
      await setCredentials(
        chain,
        others.filter((w) => w.allowed).map((w) => w.address),
      );
      await setEth(
        client,
        others.map((w) => w.address),
      );
      for (const token of Object.values(deployment.tokens)) {
        const funded = parseUnits(String(WALLET_TOKENS), token.decimals);
        const deposited = new Map<Address, bigint>();
        for (const { vault, deposits } of extras) {
          if (vault.token.address !== token.address) continue;
          for (const d of deposits) deposited.set(d.wallet, (deposited.get(d.wallet) ?? 0n) + d.amount);
        }
        // Story lenders keep what their story left them, less what the pool deposited for them elsewhere.
        const balances = await Promise.all(
          [...others.map((w) => w.address), ...storyLenders.filter((w) => deposited.has(w))].map(async (holder) => {
            const base = storySet.has(holder) ? await balanceOf(client, token.address, holder) : funded;
            return { holder, amount: base - (deposited.get(holder) ?? 0n) };
          }),
        );
        // The pool's underlying went into the vaults; the supply grows by what the others were given.
        const given = balances.filter((b) => !storySet.has(b.holder)).reduce((s, b) => s + b.amount, 0n);
        const fromStories = balances.filter((b) => storySet.has(b.holder)).reduce((s, b) => s + (deposited.get(b.holder) ?? 0n), 0n);
        // The pool was minted all the pooled deposits already: the supply grows by the others' funding
        // less what they deposited (given), and shrinks by what story lenders deposited through the pool.
        await writeBalances(client, token.address, balances, given - fromStories);
      }
      for (const p of pooled.filter((x) => x.chainId === client.chainId)) {
        const minted = p.deposits.reduce((s, d) => s + d.minted, 0n);
        const poolHolds = await balanceOf(client, p.tranche, pool);
        if (poolHolds < minted) {
          throw new AppError({
            code: 'SIM_SEED_FAILED',
            message: `The deposit pool holds ${poolHolds} of ${p.tranche}, less than the ${minted} it deposited for.`,
          });
        }
        await writeBalances(
          client,
          p.tranche,
          [...p.deposits.map((d) => ({ holder: d.wallet, amount: d.minted })), { holder: pool, amount: poolHolds - minted }],
          0n,
        );
      }
      lap('after', t);
    }),
  );

  vaults.sort((a, b) => a.chainId - b.chainId);
  const ms = performance.now() - started;
  timings.total = ms;
  return { seed, wallets, vaults, pooled, ms, timings };
}
