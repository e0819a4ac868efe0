import { maxUint256, parseUnits, type Address } from 'viem';
import { AppError } from '../../../shared/errors';
import { MULTICALL3_ADDRESS } from '../../../shared/abi/multicall3';
import { compileContracts, type Artifacts } from '../contracts/compile';
import { deriveAccount, MAX_VAULTS_PER_CHAIN, ROLE_INDEX } from './accounts';
import type { ChainClient } from './client';
import { keyringAdminAbi } from './simAbi';

export interface TokenSpec {
  symbol: string;
  name: string;
  decimals: number;
}

export interface VaultSpec {
  /** Short stable key, e.g. `alpha`; also the tranche symbol's suffix. */
  key: string;
  name: string;
  /** Symbol of the underlying, one of the deployment's tokens. */
  underlying: string;
  /** Percent, e.g. 10 for 10 %. */
  aprPercent: number;
  /** 100000 = 100 %, at most 20000. */
  fee: number;
  epochDurationSeconds: number;
  bufferSeconds: number;
  /** Whether deposits need a keyring credential. */
  kyc: boolean;
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

export interface VaultDeployment {
  key: string;
  name: string;
  chainId: number;
  epochVault: Address;
  tranche: Address;
  strategy: Address;
  queue: Address;
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

/** The protocol layout of a chain in the default scenario. */
export function defaultProtocolSpec(chainIndex: number): ProtocolSpec {
  const tokens: TokenSpec[] = [
    { symbol: 'USDC', name: 'USD Coin (sim)', decimals: 6 },
    { symbol: 'USDT', name: 'Tether USD (sim)', decimals: 6 },
    { symbol: 'DAI', name: 'Dai Stablecoin (sim)', decimals: 18 },
  ];
  const base = { fee: 10000, epochDurationSeconds: 30 * DAY, bufferSeconds: DAY };
  const vaults: VaultSpec[] =
    chainIndex === 0
      ? [
          { key: 'alpha', name: 'Alpha Credit USDC', underlying: 'USDC', aprPercent: 10, kyc: true, ...base },
          { key: 'beta', name: 'Beta Credit USDC', underlying: 'USDC', aprPercent: 8, kyc: true, ...base },
          { key: 'gamma', name: 'Gamma Credit USDT', underlying: 'USDT', aprPercent: 12, kyc: true, ...base },
        ]
      : [
          { key: 'delta', name: 'Delta Credit USDC', underlying: 'USDC', aprPercent: 9, kyc: false, ...base },
          { key: 'epsilon', name: 'Epsilon Credit DAI', underlying: 'DAI', aprPercent: 7, kyc: true, ...base },
        ];
  // A different deployer per chain keeps addresses distinct across the two chains.
  return { deployerIndex: chainIndex === 0 ? 0 : 9, tokens, vaults, policyId: 1n };
}

/** Vaults beyond the default layout, by chain: a larger catalog for benchmarks (their stories in `DEFAULT_STORIES`). */
const EXTRA_VAULTS: readonly (readonly Omit<VaultSpec, 'fee' | 'epochDurationSeconds' | 'bufferSeconds'>[])[] = [
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
  const base = { fee: 10000, epochDurationSeconds: 30 * DAY, bufferSeconds: DAY };
  const all = [...spec.vaults, ...(EXTRA_VAULTS[chainIndex] ?? []).map((v) => ({ ...v, ...base }))];
  if (vaultCount < 1 || vaultCount > Math.min(all.length, MAX_VAULTS_PER_CHAIN)) {
    throw new AppError({
      code: 'SIM_SPEC_INVALID',
      message: `Chain ${chainIndex} can have 1 to ${Math.min(all.length, MAX_VAULTS_PER_CHAIN)} vaults.`,
    });
  }
  return { ...spec, vaults: all.slice(0, vaultCount) };
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
    const address = await client.deploy(deployer, artifacts.MintableToken, [token.name, token.symbol, token.decimals]);
    tokens[token.symbol] = { ...token, address };
  }
  const keyring = await client.deploy(deployer, artifacts.Keyring);

  const vaults: VaultDeployment[] = [];
  for (const [position, vault] of spec.vaults.entries()) {
    const token = tokens[vault.underlying];
    if (!token) {
      throw new AppError({
        code: 'SIM_SPEC_INVALID',
        message: `Vault ${vault.key}: unknown underlying ${vault.underlying}.`,
      });
    }
    const borrower = deriveAccount(ROLE_INDEX.firstBorrower + position).address;
    const apr = parseUnits(String(vault.aprPercent), 18);
    const strategy = await client.deploy(deployer, artifacts.CreditStrategy, [
      token.address,
      token.decimals,
      manager,
      borrower,
      `${vault.name} receipt`,
      `rc${vault.key}`,
      apr,
    ]);
    const epochVault = await client.deploy(deployer, artifacts.EpochVault, [
      token.address,
      token.decimals,
      strategy,
      vault.kyc ? keyring : '0x0000000000000000000000000000000000000000',
      spec.policyId,
      feeReceiver,
      BigInt(vault.fee),
      BigInt(vault.epochDurationSeconds),
      BigInt(vault.bufferSeconds),
      `${vault.name} tranche`,
      `AA_${vault.key}`,
    ]);
    await client.write({
      from: deployer,
      to: strategy,
      abi: artifacts.CreditStrategy.abi,
      functionName: 'setVault',
      args: [epochVault],
    });
    const queue = await client.deploy(deployer, artifacts.EpochQueue, [epochVault]);
    const tranche = (await client.publicClient.readContract({
      address: epochVault,
      abi: artifacts.EpochVault.abi,
      functionName: 'AATranche',
    })) as Address;
    if (vault.kyc) {
      // The queue deposits and redeems as one lender: it needs a credential like any wallet.
      await client.write({
        from: deployer,
        to: keyring,
        abi: keyringAdminAbi,
        functionName: 'setCredential',
        args: [spec.policyId, queue, true],
      });
    }
    // The borrower approves the vault once, for every future pull at stopEpoch.
    await client.write({
      from: borrower,
      to: token.address,
      abi: artifacts.MintableToken.abi,
      functionName: 'approve',
      args: [epochVault, maxUint256],
    });
    vaults.push({
      key: vault.key,
      name: vault.name,
      chainId: client.chainId,
      epochVault,
      tranche,
      strategy,
      queue,
      token,
      manager,
      borrower,
      feeReceiver,
      keyring: vault.kyc ? keyring : null,
      policyId: vault.kyc ? spec.policyId : 0n,
      spec: vault,
    });
  }

  return {
    chainId: client.chainId,
    deployer,
    manager,
    feeReceiver,
    multicall3: MULTICALL3_ADDRESS,
    keyring,
    policyId: spec.policyId,
    tokens,
    vaults,
  };
}
