import { parseAbi } from 'viem';

const erc20Reads = [
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
] as const;

/** The read side of an ERC-20 and its Transfer event: every token the console reads, the non-transferable receipt token included. */
export const erc20ReadAbi = parseAbi(erc20Reads);

/** A standard ERC-20: the underlying, the tranche token and (for reads) the receipt token. */
export const erc20Abi = parseAbi([
  ...erc20Reads,
  'function allowance(address, address) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
]);
