import type { PublicClient } from 'viem';
import { AppError } from '../../../shared/errors';
import { CHAINS_SETTING } from '../../../shared/chains/schemas';

/**
 * The RPC still answers for the chain it was added for. Checked when an RPC is added, and again on
 * every refresh: a node behind a load balancer, or one that changed hands, can start answering for
 * another chain, and figures read from it would be another chain's under this one's name.
 */
export async function expectChainId(client: PublicClient, chainId: number, name = `Chain ${chainId}`): Promise<void> {
  const answered = await client.getChainId();
  if (answered !== chainId) throw wrongChainId(chainId, answered, name);
}

/** The refusal of an RPC that answered `eth_chainId` with another chain's id. */
export function wrongChainId(chainId: number, answered: number, name = `Chain ${chainId}`): AppError {
  return new AppError({
    code: 'CHAIN_WRONG_ID',
    message: `The RPC of ${name} now answers for chain ${answered}, not ${chainId}: nothing was read from it.`,
    action: `Correct the RPC addresses of chain ${chainId} in ${CHAINS_SETTING}. The figures shown for this chain are from the last refresh it answered for its own chain.`,
    details: { chainId, answered },
  });
}
