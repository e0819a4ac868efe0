/**
 * The local chain of the simulation: anvil processes, our protocol contracts deployed at fixed
 * addresses, a seeded scenario of wallets and vault histories, and a cycle driver that plays the
 * manager and the borrowers.
 */
import { compileContracts, type Artifacts } from '../contracts/compile';
import { startAnvil, type AnvilHandle } from './anvil';
import { createChainClient, type ChainClient } from './client';
import { defaultProtocolSpec, deployProtocol, type ProtocolDeployment, type ProtocolSpec } from './deploy';

export { startAnvil,   } from './anvil';
export type { AnvilHandle,  } from './anvil';
export { createChainClient,   } from './client';
export type { ChainClient,  } from './client';
export { deployProtocol, defaultProtocolSpec, protocolSpecWithVaults,  } from './deploy';
export type { ProtocolDeployment,    VaultDeployment,    } from './deploy';
export { deriveAccount, deriveAccounts, SIM_MNEMONIC, SIM_DERIVATION_PATH,  FIRST_WALLET_INDEX } from './accounts';
;
export { seedScenario, fundWallets, isAllowedWallet, DEFAULT_STORIES,  } from './scenario';
export type { SeedChain, SeedOptions, SeedResult, SeedWallet, SeededVault,    } from './scenario';
export { createCycleDriver,   stepWallMs } from './driver';
export type { CycleDriver,   Pace,   } from './driver';
export { createDemoClock, type DemoClockControl } from './demo-clock';
export {  createOneClock,  } from './one-clock';
export { lenderActions } from './lender';
export type { LenderActions } from './lender';
export { readVaultState,   } from './vaultState';
;
export * from './simAbi';
;
;
;
export type { Artifacts,   } from '../contracts/compile';

/** The two local chains of the default simulation, so that batches span chains. */
const SIM_CHAIN_IDS = [31337, 31338] as const;

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
