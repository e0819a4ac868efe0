import { BaseError, ContractFunctionRevertedError, type Abi, type Address } from 'viem';
import { compileContracts } from '../../../electron/demo/contracts/compile';
import {
  defaultProtocolSpec,
  deployProtocol,
  deriveAccounts,
  FIRST_WALLET_INDEX,
  fundWallets,
  isAllowedWallet,
  seedScenario,
  startChain,
  startLocalNetwork,
  type ChainClient,
  type LocalChain,
  type LocalNetwork,
  type ProtocolDeployment,
  type SeedChain,
  type SeededVault,
  type SeedOptions,
  type SeedResult,
  type SeedWallet,
  type VaultDeployment,
} from '../../../electron/demo/chain';
import { isAppError } from '../../../shared/errors';

/**
 * What a wrong call reverts with, as a console user would see it decoded against shared/abi:
 * the custom error's name, or the reason string of a plain `Error(string)`.
 */
export async function revertOf(
  client: ChainClient,
  call: { account: Address; address: Address; abi: Abi; functionName: string; args?: readonly unknown[] },
): Promise<string> {
  try {
    await client.publicClient.simulateContract(call as never);
  } catch (error) {
    if (error instanceof BaseError) {
      const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
      if (reverted instanceof ContractFunctionRevertedError) {
        if (reverted.data?.errorName && reverted.data.errorName !== 'Error') return reverted.data.errorName;
        if (reverted.reason) return reverted.reason;
      }
    }
    throw error;
  }
  return 'no revert';
}

/** Runs a write that must revert; returns the decoded error name the chain module reports. */
export async function writeRevert(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error) && error.code === 'SIM_TX_REVERTED') return String(error.details?.errorName);
    throw error;
  }
  return 'no revert';
}

export interface ChainFixture {
  chain: LocalChain;
  client: ChainClient;
  deployment: ProtocolDeployment;
  wallets: SeedWallet[];
  /** Restores the state right after deployment and funding. */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** One anvil for a whole test file: deploy, fund wallets, snapshot. */
export async function startChainFixture(chainIndex = 0, walletCount = 12): Promise<ChainFixture> {
  const { artifacts } = compileContracts();
  const chain = await startChain({ chainId: 31337 + chainIndex });
  const deployment = await deployProtocol(chain.client, defaultProtocolSpec(chainIndex), artifacts);
  const wallets = deriveAccounts(FIRST_WALLET_INDEX, walletCount).map((a, i) => ({
    ...a,
    allowed: isAllowedWallet(i),
  }));
  await fundWallets({ client: chain.client, deployment }, wallets);
  let snapshot = await chain.client.snapshot();
  return {
    chain,
    client: chain.client,
    deployment,
    wallets,
    async reset() {
      await chain.client.revert(snapshot);
      // anvil consumes a snapshot when reverting to it.
      snapshot = await chain.client.snapshot();
    },
    stop: () => chain.stop(),
  };
}

/** A seeded vault of the scenario: its chain's client, its contracts and its story. */
export interface SeededTarget {
  client: ChainClient;
  vault: VaultDeployment;
  story: SeededVault;
}

export interface SeededNetwork {
  network: LocalNetwork;
  chains: SeedChain[];
  seeded: SeedResult;
  /** The vault of the scenario named `key` (alpha, beta…), on whichever chain holds it. */
  find(key: string): SeededTarget;
}

/** Both local chains with the protocol deployed and the scenario's stories played. */
export async function startSeededNetwork(options: SeedOptions): Promise<SeededNetwork> {
  const network = await startLocalNetwork();
  const chains = network.chains.map(({ chain, deployment }) => ({ client: chain.client, deployment }));
  const seeded = await seedScenario(chains, options);
  return {
    network,
    chains,
    seeded,
    find(key) {
      for (const { chain, deployment } of network.chains) {
        const vault = deployment.vaults.find((v) => v.key === key);
        if (vault) return { client: chain.client, vault, story: seeded.vaults.find((v) => v.key === key)! };
      }
      throw new Error(`no vault ${key}`);
    },
  };
}
