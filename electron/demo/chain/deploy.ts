import { erc20Abi, maxUint256, parseUnits, zeroAddress, type Address } from 'viem';
import { AppError } from '../../../shared/errors';
import { MULTICALL3_ADDRESS } from '../../../shared/abi/multicall3';
import { compileContracts, type Artifacts } from '../contracts/compile';
import {
  GENERATION_CONTRACTS,
  isVault2026,
  type QueueGeneration,
  type StrategyGeneration,
  type VaultGeneration,
  type WriteOffGeneration,
} from '../contracts/generations';
import { deriveAccount, MAX_VAULTS_PER_CHAIN, ROLE_INDEX } from './accounts';
import type { ChainClient } from './client';
import { keyringAdminAbi, prefundedVaultAbi, queue2026Abi, simStrategyAbi, simVaultAbi, vault2026Abi } from './simAbi';

export interface TokenSpec {
  symbol: string;
  name: string;
  decimals: number;
  /** Its `approve` changes an allowance only from or to 0, as mainnet USDT's (shared/domain/token-facts.ts lists it). */
  approveFromZero?: true;
}

/** Which generation of each protocol contract a vault runs. */
interface VaultGenerationsSpec {
  vault: VaultGeneration;
  strategy: StrategyGeneration;
  /** The deposit queue; null: none. */
  depositQueue: QueueGeneration | null;
  /** `same`: the deposit queue serves withdrawals too; a generation: a contract of its own. */
  withdrawQueue: 'same' | QueueGeneration | null;
  writeOff: WriteOffGeneration | null;
}

export interface VaultSpec {
  /** Short stable key, e.g. `alpha`; also the tranche symbol's suffix. */
  key: string;
  name: string;
  /** Symbol of the underlying, one of the deployment's tokens. */
  underlying: string;
  /** Percent, e.g. 10 for 10 %: the rate set on chain, or, with `rateAtStop`, the rate the
   * cycle driver pays at each stop. */
  aprPercent: number;
  /** 100000 = 100 %, at most 20000. */
  fee: number;
  epochDurationSeconds: number;
  bufferSeconds: number;
  /** Whether deposits need a keyring credential. */
  kyc: boolean;
  generations: VaultGenerationsSpec;
  /** An apr0 vault: `unscaledApr() == 0`, the interest is set at the stop (2026 strategy). */
  rateAtStop?: boolean;
  /** Turns on `depositDuringEpoch` (2026 vault). */
  depositDuringEpoch?: boolean;
  /** Prefunded vault: the queue's window before the epoch end in which it takes no deposits. */
  prefundedDepositWindowSeconds?: number;
}

export interface ProtocolSpec {
  /** Address index of the deployer in the test mnemonic; its nonce order fixes every address. */
  deployerIndex: number;
  tokens: TokenSpec[];
  vaults: VaultSpec[];
  /** Keyring policy shared by the chain's KYC vaults. */
  policyId: bigint;
}

export interface TokenDeployment extends TokenSpec {
  address: Address;
}

/** The generations as deployed (a shared queue named once for both roles). */
export interface VaultGenerations {
  vault: VaultGeneration;
  strategy: StrategyGeneration;
  depositQueue: QueueGeneration | null;
  withdrawQueue: QueueGeneration | null;
  writeOff: WriteOffGeneration | null;
}

export interface VaultDeployment {
  key: string;
  name: string;
  chainId: number;
  epochVault: Address;
  tranche: Address;
  strategy: Address;
  /** Queue taking deposits while an epoch runs; null: none. */
  depositQueue: Address | null;
  /** Queue taking withdrawals while an epoch runs (often the deposit queue); null: none. */
  withdrawQueue: Address | null;
  /** Write-off escrow; null: none. */
  writeOff: Address | null;
  generations: VaultGenerations;
  token: TokenDeployment;
  manager: Address;
  borrower: Address;
  feeReceiver: Address;
  keyring: Address | null;
  policyId: bigint;
  spec: VaultSpec;
}

export interface ProtocolDeployment {
  chainId: number;
  deployer: Address;
  manager: Address;
  feeReceiver: Address;
  multicall3: Address;
  keyring: Address;
  policyId: bigint;
  tokens: Record<string, TokenDeployment>;
  vaults: VaultDeployment[];
}

const DAY = 24 * 60 * 60;
const BASE = { fee: 10000, epochDurationSeconds: 30 * DAY, bufferSeconds: DAY };

/** The generations of the 2024–2025 vaults most live vaults still run. */
const V4_WITH_QUEUE: VaultGenerationsSpec = {
  vault: 'CDO_EPOCH_MAIN_V4',
  strategy: 'CDO_EPOCH_STRATEGY_MAIN_V2',
  depositQueue: 'CDO_EPOCH_DEPOSIT_QUEUE_V1',
  withdrawQueue: 'same',
  writeOff: null,
};

/** The protocol layout of a chain in the default scenario: one generation mix per vault. */
export function defaultProtocolSpec(chainIndex: number): ProtocolSpec {
  const tokens: TokenSpec[] = [
    { symbol: 'USDC', name: 'USD Coin (sim)', decimals: 6 },
    { symbol: 'USDT', name: 'Tether USD (sim)', decimals: 6, approveFromZero: true },
    { symbol: 'DAI', name: 'Dai Stablecoin (sim)', decimals: 18 },
  ];
  const queue2026 = { depositQueue: 'CDO_EPOCH_QUEUE_2026', withdrawQueue: 'same', writeOff: null } as const;
  const vaults: VaultSpec[] =
    chainIndex === 0
      ? [
          { key: 'alpha', name: 'Alpha Credit USDC', underlying: 'USDC', aprPercent: 10, kyc: true, ...BASE, generations: V4_WITH_QUEUE },
          {
            key: 'beta',
            name: 'Beta Credit USDC',
            underlying: 'USDC',
            aprPercent: 8,
            kyc: true,
            ...BASE,
            generations: { vault: 'CDO_EPOCH_MAIN_2026', strategy: 'CDO_EPOCH_STRATEGY_2026', ...queue2026 },
            rateAtStop: true,
            depositDuringEpoch: true,
          },
          {
            key: 'gamma',
            name: 'Gamma Credit USDT',
            underlying: 'USDT',
            aprPercent: 12,
            kyc: true,
            ...BASE,
            generations: { ...V4_WITH_QUEUE, vault: 'CDO_EPOCH_MAIN_V3', writeOff: 'CDO_EPOCH_WRITEOFF_V1' },
          },
        ]
      : [
          {
            key: 'delta',
            name: 'Delta Credit USDC',
            underlying: 'USDC',
            aprPercent: 9,
            kyc: false,
            ...BASE,
            generations: {
              vault: 'CDO_EPOCH_MAIN_V1',
              strategy: 'CDO_EPOCH_STRATEGY_MAIN_V1',
              depositQueue: 'CDO_EPOCH_DEPOSIT_QUEUE_V2',
              withdrawQueue: 'CDO_EPOCH_DEPOSIT_QUEUE_V1',
              writeOff: null,
            },
          },
          {
            key: 'epsilon',
            name: 'Epsilon Credit DAI',
            underlying: 'DAI',
            aprPercent: 7,
            kyc: true,
            ...BASE,
            generations: { vault: 'CDO_EPOCH_PREFUNDED_2026', strategy: 'CDO_EPOCH_STRATEGY_2026', ...queue2026 },
            prefundedDepositWindowSeconds: 5 * DAY,
          },
        ];
  // A different deployer per chain keeps addresses distinct across the two chains.
  return { deployerIndex: chainIndex === 0 ? 0 : 9, tokens, vaults, policyId: 1n };
}

/** Vaults beyond the default layout, by chain: a larger catalog for benchmarks (their stories in `DEFAULT_STORIES`). */
const EXTRA_VAULTS: readonly (readonly Pick<VaultSpec, 'key' | 'name' | 'underlying' | 'aprPercent' | 'kyc'>[])[] = [
  [
    { key: 'zeta', name: 'Zeta Credit DAI', underlying: 'DAI', aprPercent: 11, kyc: false },
    { key: 'eta', name: 'Eta Credit USDT', underlying: 'USDT', aprPercent: 6, kyc: true },
  ],
  [
    { key: 'theta', name: 'Theta Credit USDC', underlying: 'USDC', aprPercent: 10, kyc: true },
    { key: 'iota', name: 'Iota Credit USDT', underlying: 'USDT', aprPercent: 8, kyc: false },
    { key: 'kappa', name: 'Kappa Credit DAI', underlying: 'DAI', aprPercent: 9, kyc: true },
  ],
];

/**
 * The default layout of a chain with up to `MAX_VAULTS_PER_CHAIN` vaults: the default ones first,
 * then the extra ones in order (fewer than the default keeps the first ones).
 */
export function protocolSpecWithVaults(chainIndex: number, vaultCount: number): ProtocolSpec {
  const spec = defaultProtocolSpec(chainIndex);
  const all = [...spec.vaults, ...(EXTRA_VAULTS[chainIndex] ?? []).map((v) => ({ ...v, ...BASE, generations: V4_WITH_QUEUE }))];
  if (vaultCount < 1 || vaultCount > Math.min(all.length, MAX_VAULTS_PER_CHAIN)) {
    throw new AppError({
      code: 'SIM_SPEC_INVALID',
      message: `Chain ${chainIndex} can have 1 to ${Math.min(all.length, MAX_VAULTS_PER_CHAIN)} vaults.`,
    });
  }
  return { ...spec, vaults: all.slice(0, vaultCount) };
}

/** The deployed generations of a spec (the shared queue resolved). */
function resolveGenerations(g: VaultGenerationsSpec): VaultGenerations {
  return { ...g, withdrawQueue: g.withdrawQueue === 'same' ? g.depositQueue : g.withdrawQueue };
}

interface VaultRoles {
  deployer: Address;
  manager: Address;
  feeReceiver: Address;
  borrower: Address;
  keyring: Address;
  policyId: bigint;
}

/** Deploys one vault's contracts in a fixed order and wires them as the manager would. */
async function deployVault(
  client: ChainClient,
  artifacts: Artifacts,
  vault: VaultSpec,
  token: TokenDeployment,
  roles: VaultRoles,
): Promise<VaultDeployment> {
  const { deployer, manager, feeReceiver, borrower } = roles;
  const generations = resolveGenerations(vault.generations);
  const as = (from: Address) => ({ from });
  const apr = vault.rateAtStop ? 0n : parseUnits(String(vault.aprPercent), 18);
  const strategy = await client.deploy(deployer, artifacts[GENERATION_CONTRACTS[generations.strategy]], [
    { token: token.address, tokenDecimals: token.decimals, manager, borrower, name: `${vault.name} receipt`, symbol: `rc${vault.key}`, apr },
  ]);
  const epochVault = await client.deploy(deployer, artifacts[GENERATION_CONTRACTS[generations.vault]], [
    {
      token: token.address,
      tokenDecimals: token.decimals,
      strategy,
      keyring: vault.kyc ? roles.keyring : zeroAddress,
      keyringPolicyId: roles.policyId,
      feeReceiver,
      fee: BigInt(vault.fee),
      epochDuration: BigInt(vault.epochDurationSeconds),
      bufferPeriod: BigInt(vault.bufferSeconds),
      trancheName: `${vault.name} tranche`,
      trancheSymbol: `AA_${vault.key}`,
    },
  ]);
  await client.write({ ...as(deployer), to: strategy, abi: simStrategyAbi, functionName: 'setWhitelistedCDO', args: [epochVault] });
  // Instant redeems when the rate falls by more than 1 point, funded 3 days into the epoch.
  await client.write({
    ...as(manager),
    to: epochVault,
    abi: simVaultAbi,
    functionName: 'setInstantWithdrawParams',
    args: [3n * BigInt(DAY), parseUnits('1', 18), false],
  });
  if (vault.depositDuringEpoch && isVault2026(generations.vault)) {
    await client.write({ ...as(manager), to: epochVault, abi: vault2026Abi, functionName: 'setIsDepositDuringEpochDisabled', args: [false] });
  }

  const depositQueue = generations.depositQueue
    ? await client.deploy(deployer, artifacts[GENERATION_CONTRACTS[generations.depositQueue]], [epochVault])
    : null;
  const withdrawQueue =
    vault.generations.withdrawQueue === 'same'
      ? depositQueue
      : generations.withdrawQueue
        ? await client.deploy(deployer, artifacts[GENERATION_CONTRACTS[generations.withdrawQueue]], [epochVault])
        : null;
  if (depositQueue && vault.prefundedDepositWindowSeconds !== undefined) {
    await client.write({ ...as(manager), to: epochVault, abi: prefundedVaultAbi, functionName: 'setEpochQueue', args: [depositQueue] });
    await client.write({
      ...as(manager),
      to: depositQueue,
      abi: queue2026Abi,
      functionName: 'setPrefundedDepositWindow',
      args: [BigInt(vault.prefundedDepositWindowSeconds)],
    });
  }
  const writeOff = generations.writeOff
    ? await client.deploy(deployer, artifacts[GENERATION_CONTRACTS[generations.writeOff]], [epochVault, feeReceiver])
    : null;

  const tranche = await client.publicClient.readContract({ address: epochVault, abi: simVaultAbi, functionName: 'AATranche' });
  const queues = [...new Set([depositQueue, withdrawQueue].filter((q): q is Address => q !== null))];
  if (vault.kyc && queues.length > 0) {
    // A queue deposits and redeems as one lender: it needs a credential like any wallet.
    await client.write({ ...as(deployer), to: roles.keyring, abi: keyringAdminAbi, functionName: 'setCredentials', args: [roles.policyId, queues, true] });
  }
  // The borrower approves the vault once, for every future pull at the stop, and the escrow for
  // the write-offs it buys.
  for (const spender of [epochVault, ...(writeOff ? [writeOff] : [])]) {
    await client.write({ ...as(borrower), to: token.address, abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] });
  }
  return {
    key: vault.key,
    name: vault.name,
    chainId: client.chainId,
    epochVault,
    tranche,
    strategy,
    depositQueue,
    withdrawQueue,
    writeOff,
    generations,
    token,
    manager,
    borrower,
    feeReceiver,
    keyring: vault.kyc ? roles.keyring : null,
    policyId: vault.kyc ? roles.policyId : 0n,
    spec: vault,
  };
}

/**
 * Deploys the protocol on a fresh chain in a fixed order from a fixed deployer, so the addresses
 * are the same on every run. Multicall3's runtime code is placed at its canonical address.
 */
export async function deployProtocol(
  client: ChainClient,
  spec: ProtocolSpec,
  artifacts: Artifacts = compileContracts().artifacts,
): Promise<ProtocolDeployment> {
  if (spec.vaults.length > MAX_VAULTS_PER_CHAIN) {
    throw new AppError({ code: 'SIM_SPEC_INVALID', message: `At most ${MAX_VAULTS_PER_CHAIN} vaults per chain.` });
  }
  const deployer = deriveAccount(spec.deployerIndex).address;
  const manager = deriveAccount(ROLE_INDEX.manager).address;
  const feeReceiver = deriveAccount(ROLE_INDEX.feeReceiver).address;
  const nonce = await client.publicClient.getTransactionCount({ address: deployer });
  if (nonce !== 0) {
    throw new AppError({
      code: 'SIM_CHAIN_NOT_FRESH',
      message: `The deployer has already sent ${nonce} transactions on chain ${client.chainId}; addresses would not be the known ones.`,
      action: 'Deploy on a freshly started chain.',
    });
  }

  await client.testClient.setCode({ address: MULTICALL3_ADDRESS, bytecode: artifacts.Multicall3.deployedBytecode });

  const tokens: Record<string, TokenDeployment> = {};
  for (const token of spec.tokens) {
    const artifact = token.approveFromZero ? artifacts.ApproveFromZeroToken : artifacts.MintableToken;
    const address = await client.deploy(deployer, artifact, [token.name, token.symbol, token.decimals]);
    tokens[token.symbol] = { ...token, address };
  }
  const keyring = await client.deploy(deployer, artifacts.Keyring);

  const vaults: VaultDeployment[] = [];
  for (const [position, vault] of spec.vaults.entries()) {
    const token = tokens[vault.underlying];
    if (!token) {
      throw new AppError({ code: 'SIM_SPEC_INVALID', message: `Vault ${vault.key}: unknown underlying ${vault.underlying}.` });
    }
    const borrower = deriveAccount(ROLE_INDEX.firstBorrower + position).address;
    vaults.push(await deployVault(client, artifacts, vault, token, { deployer, manager, feeReceiver, borrower, keyring, policyId: spec.policyId }));
  }

  return { chainId: client.chainId, deployer, manager, feeReceiver, multicall3: MULTICALL3_ADDRESS, keyring, policyId: spec.policyId, tokens, vaults };
}
