// `npm run build:contracts`: compiles the simulation's Solidity contracts (cached by source hash).
import { compileContracts } from '../electron/demo/contracts/compile';

const force = process.argv.includes('--force');
const result = compileContracts({ force });
const names = Object.keys(result.artifacts).join(', ');
console.log(
  result.compiled ? `Compiled ${names} in ${Math.round(result.ms)} ms.` : `Contracts are up to date (${result.sourceHash.slice(0, 12)}).`,
);
