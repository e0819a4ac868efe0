/**
 * The local chain of the simulation: anvil processes, our protocol contracts deployed at fixed
 * addresses, a seeded scenario of wallets and vault histories, and a cycle driver that plays the
 * manager and the borrowers.
 */
import { compileContracts, type Artifacts } from '../contracts/compile';
import { startAnvil, type AnvilHandle } from './anvil';
import { createChainClient, type ChainClient } from './client';
import { defaultProtocolSpec, deployProtocol, type ProtocolDeployment, type ProtocolSpec } from './deploy';

export { startAnvil, findFreePort, resolveAnvilBinary } from './anvil';
export type { AnvilHandle, AnvilOptions } from './anvil';
export { createChainClient, localChain, findRevertData } from './client';
export type { ChainClient, WriteCall } from './client';
export { deployProtocol, defaultProtocolSpec, protocolSpecWithVaults, resolveGenerations } from './deploy';
export type { ProtocolDeployment, ProtocolSpec, TokenDeployment, TokenSpec, VaultDeployment, VaultGenerations, VaultGenerationsSpec, VaultSpec } from './deploy';
export { deriveAccount, deriveAccounts, SIM_MNEMONIC, SIM_DERIVATION_PATH, ROLE_INDEX, FIRST_WALLET_INDEX } from './accounts';
export type { DerivedAccount } from './accounts';
export { seedScenario, fundWallets, isAllowedWallet, DEFAULT_STORIES, STORY_ROLES } from './scenario';
export type { SeedChain, SeedOptions, SeedResult, SeedWallet, SeededVault, StoryEnd, StoryRole, VaultStory } from './scenario';
export { createCycleDriver, EPOCH_WALL_MS, rateAtStopInterest, stepWallMs } from './driver';
export type { CycleDriver, CycleDriverOptions, CycleEvent, Pace, StopOptions, VaultCycle } from './driver';
export { createDemoClock, type DemoClockControl } from './demo-clock';
export { lenderActions } from './lender';
export type { LenderActions } from './lender';
export { readVaultState, readQueueEpochs, cycleState } from './vaultState';
export type { CycleState, QueueEpochState, VaultChainState } from './vaultState';
export * from './simAbi';
export { GENERATION_CONTRACTS } from '../contracts/generations';
export type { SimGeneration, VaultGeneration, QueueGeneration, StrategyGeneration, WriteOffGeneration } from '../contracts/generations';
export { compileContracts } from '../contracts/compile';
export type { Artifacts, ContractArtifact, ContractName } from '../contracts/compile';

/** The two local chains of the default simulation, so that batches span chains. */
export const SIM_CHAIN_IDS = [31337, 31338] as const;

export interface LocalChain {
  anvil: AnvilHandle;
  client: ChainClient;
  rpcUrl: string;
  chainId: number;
  stop(): Promise<void>;
}

/** Starts one anvil chain on 127.0.0.1 and connects a client to it. */
export async function startChain(options: { chainId: number; port?: number; genesisTimestamp?: number }): Promise<LocalChain> {
  const anvil = await startAnvil(options);
  const client = createChainClient(options.chainId, anvil.rpcUrl);
  return { anvil, client, rpcUrl: anvil.rpcUrl, chainId: options.chainId, stop: () => anvil.stop() };
}

export interface LocalNetwork {
  chains: { chain: LocalChain; deployment: ProtocolDeployment }[];
  stop(): Promise<void>;
}

/**
 * Starts the default two chains and deploys the default protocol layout on each (compiling the
 * contracts first when their sources changed).
 */
export async function startLocalNetwork(options: { specs?: ProtocolSpec[]; artifacts?: Artifacts } = {}): Promise<LocalNetwork> {
  const artifacts = options.artifacts ?? compileContracts().artifacts;
  const chains = await Promise.all(
    SIM_CHAIN_IDS.map(async (chainId, index) => {
      const chain = await startChain({ chainId });
      try {
        const deployment = await deployProtocol(chain.client, options.specs?.[index] ?? defaultProtocolSpec(index), artifacts);
        return { chain, deployment };
      } catch (error) {
        await chain.stop();
        throw error;
      }
    }),
  );
  return {
    chains,
    async stop() {
      await Promise.all(chains.map(({ chain }) => chain.stop()));
    },
  };
}
