import type { Abi, Address, ContractFunctionName, ContractFunctionReturnType } from 'viem';
import type { ChainClient } from './client';

/** A contract's views that take no argument, each named as the contract names it. */
type ViewName<TAbi extends Abi> = ContractFunctionName<TAbi, 'view' | 'pure'>;

/**
 * Reads several argument-free views of one contract at once (at one block when given) into an
 * object keyed by the views' names, each typed as the ABI declares it: the demo's readers list
 * what they need instead of writing one `readContract` per figure.
 */
export async function readViews<const TAbi extends Abi, const TName extends ViewName<TAbi>>(
  client: ChainClient,
  contract: { address: Address; abi: TAbi; blockNumber?: bigint },
  names: readonly TName[],
): Promise<{ [K in TName]: ContractFunctionReturnType<TAbi, 'view' | 'pure', K> }> {
  // One read per name; viem cannot type a call whose name is only known as a union, hence the cast.
  const values = await Promise.all(names.map((functionName) => client.publicClient.readContract({ ...contract, functionName } as never)));
  return Object.fromEntries(names.map((name, i) => [name, values[i]])) as {
    [K in TName]: ContractFunctionReturnType<TAbi, 'view' | 'pure', K>;
  };
}
