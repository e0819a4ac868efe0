import type { AbiEvent, AbiFunction, AbiParameter } from 'viem';

type AbiError = { type: 'error'; name: string; inputs: readonly AbiParameter[] };
import { OFFICIAL_SIGNATURES } from './official';
import { SOURCE_SIGNATURES } from './source';

/**
 * The generations of the protocol's contracts the console knows, each with its interface as a list
 * of signatures (facts read from the protocol's own client and its public source). A vault record's
 * `abiCode` names an official generation; the chain answers which one a contract really is (see
 * `detect.ts`), since a proxy upgraded to today's source keeps the record's older code.
 */

export type ContractKind = 'epochVault' | 'queue' | 'strategy' | 'tranche' | 'writeOff';

interface GenerationInfo {
  kind: ContractKind;
  /** How the Vaults screen and the registry review name it. */
  label: string;
  /** Where the list comes from: an official abiCode, or the contracts' public source. */
  origin: 'official' | 'source';
  signatures: readonly string[];
}


export const GENERATIONS = {
  CDO_EPOCH_MAIN_V1: { kind: 'epochVault', label: 'epoch vault V1', origin: 'official', signatures: OFFICIAL_SIGNATURES.CDO_EPOCH_MAIN_V1 },
  CDO_EPOCH_MAIN_V3: { kind: 'epochVault', label: 'epoch vault V3', origin: 'official', signatures: OFFICIAL_SIGNATURES.CDO_EPOCH_MAIN_V3 },
  CDO_EPOCH_MAIN_V4: { kind: 'epochVault', label: 'epoch vault V4', origin: 'official', signatures: OFFICIAL_SIGNATURES.CDO_EPOCH_MAIN_V4 },
  CDO_EPOCH_MAIN_2026: {
    kind: 'epochVault',
    label: 'epoch vault 2026',
    origin: 'source',
    signatures: SOURCE_SIGNATURES.CDO_EPOCH_MAIN_2026,
  },
  CDO_EPOCH_PREFUNDED_2026: {
    kind: 'epochVault',
    label: 'prefunded epoch vault 2026',
    origin: 'source',
    signatures: SOURCE_SIGNATURES.CDO_EPOCH_PREFUNDED_2026,
  },
  CDO_EPOCH_DEPOSIT_QUEUE_V1: {
    kind: 'queue',
    label: 'queue V1 (deposits and withdrawals)',
    origin: 'official',
    signatures: OFFICIAL_SIGNATURES.CDO_EPOCH_DEPOSIT_QUEUE_V1,
  },
  CDO_EPOCH_DEPOSIT_QUEUE_V2: {
    kind: 'queue',
    label: 'deposit queue V2 (deposits only)',
    origin: 'official',
    signatures: OFFICIAL_SIGNATURES.CDO_EPOCH_DEPOSIT_QUEUE_V2,
  },
  CDO_EPOCH_QUEUE_2026: {
    kind: 'queue',
    label: 'queue 2026 (prefunding)',
    origin: 'source',
    signatures: SOURCE_SIGNATURES.CDO_EPOCH_QUEUE_2026,
  },
  CDO_EPOCH_STRATEGY_MAIN_V1: {
    kind: 'strategy',
    label: 'strategy V1',
    origin: 'official',
    signatures: OFFICIAL_SIGNATURES.CDO_EPOCH_STRATEGY_MAIN_V1,
  },
  CDO_EPOCH_STRATEGY_MAIN_V2: {
    kind: 'strategy',
    label: 'strategy V2',
    origin: 'official',
    signatures: OFFICIAL_SIGNATURES.CDO_EPOCH_STRATEGY_MAIN_V2,
  },
  CDO_EPOCH_STRATEGY_2026: {
    kind: 'strategy',
    label: 'strategy 2026 (apr0)',
    origin: 'source',
    signatures: SOURCE_SIGNATURES.CDO_EPOCH_STRATEGY_2026,
  },
  CDO_EPOCH_WRITEOFF_V1: {
    kind: 'writeOff',
    label: 'write-off escrow V1',
    origin: 'official',
    signatures: OFFICIAL_SIGNATURES.CDO_EPOCH_WRITEOFF_V1,
  },
  /** The official client files the tranche token's ABI under the epoch vault's code `CDO_EPOCH_MAIN_V2`. */
  CDO_EPOCH_MAIN_V2: { kind: 'tranche', label: 'tranche token', origin: 'official', signatures: OFFICIAL_SIGNATURES.CDO_EPOCH_MAIN_V2 },
} as const satisfies Record<string, GenerationInfo>;

export type Generation = keyof typeof GENERATIONS;
export type GenerationOf<K extends ContractKind> = { [G in Generation]: (typeof GENERATIONS)[G]['kind'] extends K ? G : never }[Generation];
export type EpochVaultGeneration = GenerationOf<'epochVault'>;
export type QueueGeneration = GenerationOf<'queue'>;
export type StrategyGeneration = GenerationOf<'strategy'>;

export const isGeneration = (code: unknown): code is Generation => typeof code === 'string' && Object.hasOwn(GENERATIONS, code);

export function generationsOf<K extends ContractKind>(kind: K): GenerationOf<K>[] {
  return (Object.keys(GENERATIONS) as Generation[]).filter((g) => GENERATIONS[g].kind === kind) as GenerationOf<K>[];
}

const sets = new Map<Generation, ReadonlySet<string>>();
function signatureSet(generation: Generation): ReadonlySet<string> {
  let set = sets.get(generation);
  if (!set) sets.set(generation, (set = new Set<string>(GENERATIONS[generation].signatures)));
  return set;
}

/** Whether a generation's interface has this signature (in the lists' form, see `signatureOf`). */
export const generationHas = (generation: Generation, signature: string): boolean => signatureSet(generation).has(signature);

function typeOf(p: AbiParameter): string {
  if (p.type.startsWith('tuple')) {
    const components = (p as { components?: readonly AbiParameter[] }).components ?? [];
    return `(${components.map(typeOf).join(',')})${p.type.slice('tuple'.length)}`;
  }
  return p.type;
}

/**
 * One ABI item as the generation lists write it: names of parameters dropped, state mutability
 * kept where it is not `nonpayable`, `indexed` kept on event inputs.
 */
export function signatureOf(item: AbiFunction | AbiEvent | AbiError): string {
  if (item.type === 'function') {
    const mutability = item.stateMutability === 'nonpayable' ? '' : ` ${item.stateMutability}`;
    const outputs = item.outputs.length > 0 ? ` returns (${item.outputs.map(typeOf).join(',')})` : '';
    return `function ${item.name}(${item.inputs.map(typeOf).join(',')})${mutability}${outputs}`;
  }
  if (item.type === 'event') {
    return `event ${item.name}(${item.inputs.map((p: AbiParameter) => typeOf(p) + ((p as { indexed?: boolean }).indexed ? ' indexed' : '')).join(',')})`;
  }
  return `error ${item.name}(${item.inputs.map(typeOf).join(',')})`;
}

type AbiItem = { type: string };
const listed = (item: AbiItem): item is AbiFunction | AbiEvent | AbiError =>
  item.type === 'function' || item.type === 'event' || item.type === 'error';

/**
 * The part of one of the console's ABIs that a generation has: the ABI the console uses for a
 * contract of that generation, so a call the contract lacks cannot even be encoded for it. Kept per
 * (generation, ABI) once built.
 */
const narrowed = new Map<Generation, WeakMap<readonly AbiItem[], readonly AbiItem[]>>();
export function abiFor<const A extends readonly AbiItem[]>(generation: Generation, abi: A): A {
  let byAbi = narrowed.get(generation);
  if (!byAbi) narrowed.set(generation, (byAbi = new WeakMap()));
  let out = byAbi.get(abi);
  if (!out) byAbi.set(abi, (out = abi.filter((item) => listed(item) && generationHas(generation, signatureOf(item)))));
  return out as A;
}

/** Whether a generation has the console's function `name` of `abi` (its exact signature). */
export function generationCalls(generation: Generation, abi: readonly AbiItem[], name: string): boolean {
  return abiFor(generation, abi).some((item) => (item as { name?: string }).name === name);
}
