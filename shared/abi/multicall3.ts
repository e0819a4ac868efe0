import { parseAbi } from 'viem';

/** Multicall3 at its canonical address on every chain; the console batches reads with `aggregate3`. */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;

export const multicall3Abi = parseAbi([
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
  'function getBlockNumber() view returns (uint256)',
  'function getCurrentBlockTimestamp() view returns (uint256)',
  'function getEthBalance(address addr) view returns (uint256)',
  'function getChainId() view returns (uint256)',
]);
