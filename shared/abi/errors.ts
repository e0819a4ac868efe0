import { parseAbi, type Abi } from 'viem';
import { GENERATIONS, type Generation } from './generations';

/**
 * Every custom error any generation of the protocol's contracts declares (from the generation
 * lists, one owner), plus OpenZeppelin v5's ERC-20 errors: what a revert is decoded against, so
 * the simulation, the check before the device and a mined revert name the contract's own error.
 * Error names mean the same in every generation that declares them, so one list decodes them all.
 */
const ERC20_V5_ERRORS = [
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
] as const;

const declared = [
  ...new Set((Object.keys(GENERATIONS) as Generation[]).flatMap((g) => (GENERATIONS[g].signatures as readonly string[]).filter((s) => s.startsWith('error ')))),
].sort();

export const protocolErrorAbi: Abi = parseAbi([...declared, ...ERC20_V5_ERRORS]);
