import type { DeviceTransactionRequest } from '../../../shared/device';
import { CONTRACT } from './harness';

/**
 * A call to the test contract as the console hands it to the device: EIP-1559, no ETH, 60,000 gas
 * at 2 gwei (1 gwei tip). A test names the chain, nonce and calldata it is about, and anything else
 * it changes (the ETH sent, the tip).
 */
export function contractCall(
  fields: Pick<DeviceTransactionRequest, 'chainId' | 'nonce' | 'data'> & Partial<DeviceTransactionRequest>,
): DeviceTransactionRequest {
  return { type: 'eip1559', to: CONTRACT, value: '0', gas: '60000', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000', ...fields };
}
