import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';
import { AppError } from '../../../shared/errors';

/**
 * The contracts the simulation deploys (one per protocol generation, see `generations.ts`, plus its
 * own plumbing); each is written to `out/<name>.json`.
 */
export const CONTRACT_NAMES = [
  'MintableToken',
  'ApproveFromZeroToken',
  'Tranche',
  'Keyring',
  'Multicall3',
  'PortfolioLens',
  'CreditStrategyV1',
  'CreditStrategyV2',
  'CreditStrategy2026',
  'EpochVaultV1',
  'EpochVaultV3',
  'EpochVaultV4',
  'EpochVault2026',
  'EpochVaultPrefunded2026',
  'EpochQueueV1',
  'DepositQueueV2',
  'EpochQueue2026',
  'WriteOffEscrowV1',
] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

export interface ContractArtifact {
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
}
export type Artifacts = Record<ContractName, ContractArtifact>;

interface CompileResult {
  artifacts: Artifacts;
  /** False when the cached output matched the sources' hash. */
  compiled: boolean;
  sourceHash: string;
  ms: number;
}

const here = dirname(fileURLToPath(import.meta.url));
const CONTRACTS_SRC_DIR = join(here, 'src');
/**
 * The console's own read-only contract lives beside the portfolio code that places it by a state
 * override; it is compiled here with the demo's contracts (one compiler, one cache), under the same
 * source name as before.
 */
const PRODUCT_SOURCES = [join(here, '../../services/portfolio/PortfolioLens.sol')];
const CONTRACTS_OUT_DIR = join(here, 'out');
const HASH_FILE = '.source-hash';

// Part of the hash: changing compiler settings must invalidate the cache as well.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const;

interface Sources {
  [file: string]: { content: string };
}

function readSources(srcDir: string): Sources {
  const sources: Sources = {};
  for (const file of readdirSync(srcDir)
    .filter((f) => f.endsWith('.sol'))
    .sort()) {
    sources[file] = { content: readFileSync(join(srcDir, file), 'utf8') };
  }
  for (const file of PRODUCT_SOURCES) sources[basename(file)] = { content: readFileSync(file, 'utf8') };
  return Object.fromEntries(Object.entries(sources).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function hashSources(sources: Sources, solcVersion: string): string {
  const hash = createHash('sha256');
  hash.update(solcVersion);
  hash.update(JSON.stringify(SETTINGS));
  for (const [file, { content }] of Object.entries(sources)) {
    hash.update(file).update('\0').update(content).update('\0');
  }
  return hash.digest('hex');
}

interface Solc {
  version(): string;
  compile(input: string): string;
}

function solcPackageVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('solc/package.json') as { version: string }).version;
}

function loadSolc(): Solc {
  const require = createRequire(import.meta.url);
  return require('solc') as Solc;
}

function readCached(outDir: string, sourceHash: string): Artifacts | undefined {
  const hashPath = join(outDir, HASH_FILE);
  if (!existsSync(hashPath) || readFileSync(hashPath, 'utf8').trim() !== sourceHash) return undefined;
  const artifacts: Partial<Artifacts> = {};
  for (const name of CONTRACT_NAMES) {
    const path = join(outDir, `${name}.json`);
    if (!existsSync(path)) return undefined;
    artifacts[name] = JSON.parse(readFileSync(path, 'utf8')) as ContractArtifact;
  }
  return artifacts as Artifacts;
}

// Written through a temporary file and a rename, so a concurrent reader (another test file
// compiling at the same moment) never sees half an artifact.
function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
}

/**
 * Compiles the Solidity sources with solc-js into `out/<ContractName>.json`, unless the output
 * of the same sources (and compiler) is already there.
 */
export function compileContracts(options: { srcDir?: string; outDir?: string; force?: boolean } = {}): CompileResult {
  const started = performance.now();
  const srcDir = options.srcDir ?? CONTRACTS_SRC_DIR;
  const outDir = options.outDir ?? CONTRACTS_OUT_DIR;
  const sources = readSources(srcDir);
  // The package version names the compiler: a cache hit then never loads the large compiler.
  const sourceHash = hashSources(sources, solcPackageVersion());

  if (!options.force) {
    const cached = readCached(outDir, sourceHash);
    if (cached) return { artifacts: cached, compiled: false, sourceHash, ms: performance.now() - started };
  }
  const solc = loadSolc();

  const output = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources, settings: SETTINGS }))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new AppError({
      code: 'SIM_CONTRACTS_COMPILE_FAILED',
      message: `The simulation's contracts do not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
      action: 'Fix the Solidity sources and build again.',
    });
  }

  mkdirSync(outDir, { recursive: true });
  const artifacts: Partial<Artifacts> = {};
  for (const name of CONTRACT_NAMES) {
    const contract = output.contracts?.[`${name}.sol`]?.[name];
    if (!contract) {
      throw new AppError({
        code: 'SIM_CONTRACTS_COMPILE_FAILED',
        message: `Contract ${name} is missing from the compiler output.`,
      });
    }
    const artifact: ContractArtifact = {
      abi: contract.abi,
      bytecode: `0x${contract.evm.bytecode.object}`,
      deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
    };
    artifacts[name] = artifact;
    writeAtomic(join(outDir, `${name}.json`), JSON.stringify(artifact, null, 2));
  }
  writeAtomic(join(outDir, HASH_FILE), sourceHash);
  return {
    artifacts: artifacts as Artifacts,
    compiled: true,
    sourceHash,
    ms: performance.now() - started,
  };
}
