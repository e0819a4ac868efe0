import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeErrorResult,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  http,
  numberToHex,
  type Abi,
  type Address,
  type Chain,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hex,
  type PublicClient,
  type TestClient,
  type TransactionReceipt,
  type WalletClient,
} from 'viem';
import { AppError } from '../../../shared/errors';

/** Gas given to every simulated transaction: estimating it would under-fund the vault's
 * try/catch pulls from the borrower (the catch branch would turn an out-of-gas into a default). */
const DEFAULT_GAS = 5_000_000n;

export type WriteCall<abi extends Abi, functionName extends ContractFunctionName<abi, 'nonpayable' | 'payable'>> = {
  from: Address;
  to: Address;
  abi: abi;
  functionName: functionName;
  args?: ContractFunctionArgs<abi, 'nonpayable' | 'payable', functionName>;
  gas?: bigint;
};

export interface ChainClient {
  chainId: number;
  rpcUrl: string;
  chain: Chain;
  publicClient: PublicClient;
  testClient: TestClient<'anvil'>;
  walletClient: WalletClient;
  /** Sends a contract call as `from` (anvil impersonates every address) and returns the mined
   * receipt; a revert throws `SIM_TX_REVERTED` with the decoded error name. */
  write<const abi extends Abi, functionName extends ContractFunctionName<abi, 'nonpayable' | 'payable'>>(
    call: WriteCall<abi, functionName>,
  ): Promise<TransactionReceipt>;
  deploy(from: Address, contract: { abi: Abi; bytecode: Hex }, args?: readonly unknown[]): Promise<Address>;
  /** Timestamp of the latest block. */
  now(): Promise<bigint>;
  /** Moves chain time forward to at least `timestamp` and mines a block there. */
  advanceTo(timestamp: bigint): Promise<void>;
  increaseTime(seconds: bigint): Promise<void>;
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  setBalance(address: Address, wei: bigint): Promise<void>;
}

function localChain(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `Vaultdesk local ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: '0xcA11bde05977b3631167028862bE2a173976CA11' } },
  });
}

export function createChainClient(chainId: number, rpcUrl: string): ChainClient {
  const chain = localChain(chainId, rpcUrl);
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const testClient = createTestClient({ chain, transport, mode: 'anvil' });
  const walletClient = createWalletClient({ chain, transport });

  async function receiptOf(hash: Hex): Promise<TransactionReceipt> {
    // With automine the block is usually there when the hash comes back; poll briefly if not.
    for (let attempt = 0; ; attempt++) {
      const receipt = await publicClient.getTransactionReceipt({ hash }).catch(() => undefined);
      if (receipt) return receipt;
      if (attempt > 400) throw new AppError({ code: 'SIM_TX_LOST', message: `Transaction ${hash} was not mined.` });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async function sendRaw(from: Address, to: Address | undefined, data: Hex, gas: bigint): Promise<TransactionReceipt> {
    const hash = await walletClient.request({
      method: 'eth_sendTransaction',
      params: [{ from, ...(to ? { to } : {}), data, gas: numberToHex(gas) }],
    });
    return receiptOf(hash);
  }

  async function revertReason(abi: Abi, from: Address, to: Address, data: Hex, blockNumber: bigint): Promise<string> {
    try {
      await publicClient.call({ account: from, to, data, blockNumber: blockNumber - 1n });
      return 'unknown';
    } catch (error) {
      const revertData = findRevertData(error);
      if (!revertData) return error instanceof Error ? (error.message.split('\n')[0] ?? 'unknown') : 'unknown';
      try {
        const decoded = decodeErrorResult({ abi, data: revertData });
        return decoded.errorName === 'Error' ? String(decoded.args?.[0]) : decoded.errorName;
      } catch {
        return revertData;
      }
    }
  }

  return {
    chainId,
    rpcUrl,
    chain,
    publicClient,
    testClient,
    walletClient,
    async write(call) {
      const data = encodeFunctionData({
        abi: call.abi,
        functionName: call.functionName,
        args: call.args,
      } as never) as Hex;
      const receipt = await sendRaw(call.from, call.to, data, call.gas ?? DEFAULT_GAS);
      if (receipt.status !== 'success') {
        const reason = await revertReason(call.abi, call.from, call.to, data, receipt.blockNumber);
        throw new AppError({
          code: 'SIM_TX_REVERTED',
          message: `${String(call.functionName)} reverted on chain ${chainId}: ${reason}`,
          details: { errorName: reason, functionName: call.functionName, from: call.from, to: call.to },
        });
      }
      return receipt;
    },
    async deploy(from, contract, args = []) {
      const data = encodeDeployData({ abi: contract.abi, bytecode: contract.bytecode, args } as never) as Hex;
      const receipt = await sendRaw(from, undefined, data, 12_000_000n);
      if (receipt.status !== 'success' || !receipt.contractAddress) {
        throw new AppError({ code: 'SIM_DEPLOY_FAILED', message: `A contract deployment failed on chain ${chainId}.` });
      }
      return getAddress(receipt.contractAddress);
    },
    async now() {
      return (await publicClient.getBlock({ blockTag: 'latest' })).timestamp;
    },
    async advanceTo(timestamp) {
      const now = await this.now();
      if (now >= timestamp) return;
      await testClient.increaseTime({ seconds: Number(timestamp - now) });
      await testClient.mine({ blocks: 1 });
    },
    async increaseTime(seconds) {
      await testClient.increaseTime({ seconds: Number(seconds) });
      await testClient.mine({ blocks: 1 });
    },
    snapshot: () => testClient.snapshot(),
    async revert(id) {
      await testClient.revert({ id });
    },
    setBalance: (address, value) => testClient.setBalance({ address, value }),
  };
}

/** Finds the revert data inside viem's nested error causes. */
function findRevertData(error: unknown): Hex | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 10; depth++) {
    const data = (current as { data?: unknown }).data;
    if (typeof data === 'string' && data.startsWith('0x')) return data as Hex;
    if (data && typeof data === 'object' && typeof (data as { data?: unknown }).data === 'string') {
      return (data as { data: Hex }).data;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
