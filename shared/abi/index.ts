export { epochVaultAbi } from './epochVault';
export { strategyAbi } from './strategy';
export { epochQueueAbi } from './queue';
export { erc20Abi, erc20ReadAbi } from './erc20';
export { keyringAbi } from './keyring';
export { multicall3Abi, MULTICALL3_ADDRESS } from './multicall3';
