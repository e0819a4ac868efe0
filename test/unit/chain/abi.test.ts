import { describe, expect, it } from 'vitest';
import type { AbiEvent, AbiFunction } from 'viem';
import { epochQueueAbi, epochVaultAbi, erc20Abi, strategyAbi } from '../../../shared/abi';
import { protocolErrorAbi } from '../../../shared/abi/errors';
import { abiFor, generationHas, generationsOf, GENERATIONS, signatureOf, type ContractKind } from '../../../shared/abi/generations';
import { PROBES, probeAbi } from '../../../shared/abi/generations/detect';
import { relationAbi } from '../../../shared/abi/relations';
import { KNOWN_REVERTS } from '../../../shared/signing/reverts';

/**
 * Fidelity of the console's calls to the protocol's deployed contracts, generation by generation
 * (the lists in shared/abi/generations: the official client's ABIs and the contracts' public source).
 * A call the console encodes must exist with the same signature and return types in the generation
 * of the contract it targets; a call only some generations have is used only through
 * `abiFor(generation, …)`, and is named here as such.
 */

type Item = AbiFunction | AbiEvent | { type: 'error'; name: string; inputs: readonly { type: string }[] };
const items = (abi: readonly { type: string }[]) => abi.filter((i): i is Item => i.type === 'function' || i.type === 'event' || i.type === 'error');

/** The console's items that only some generations of their contract have. */
const GATED: Record<'epochVault' | 'queue' | 'strategy', readonly string[]> = {
  epochVault: ['depositDuringEpoch', 'isDepositDuringEpochDisabled', 'epochQueue'],
  queue: [
    'requestWithdraw',
    'deleteWithdrawRequest',
    'claimWithdrawRequest',
    'userWithdrawalsEpochs',
    'epochPendingWithdrawals',
    'epochWithdrawPrice',
    'epochPendingClaims',
    'isEpochInstant',
    'processWithdrawRequests',
    'processWithdrawalClaims',
    'epochPrefundedDeposits',
    'prefundedDepositWindow',
    'Is0',
  ],
  strategy: ['unscaledApr', 'apr0Users', 'apr0RateByEpoch'],
};

const CONSOLE: [ContractKind & keyof typeof GATED, readonly { type: string }[]][] = [
  ['epochVault', epochVaultAbi],
  ['queue', epochQueueAbi],
  ['strategy', strategyAbi],
];

describe.each(CONSOLE)("the console's %s ABI against the deployed generations", (kind, abi) => {
  const generations = generationsOf(kind);
  const gated = new Set(GATED[kind]);

  it.each(items(abi).map((i) => [signatureOf(i), i] as const))('%s', (signature, item) => {
    const having = generations.filter((g) => generationHas(g, signature));
    // Every item exists, exactly, in at least one generation: no invented name, argument or return type.
    expect(having, `${signature} is in no generation of the ${kind}`).not.toEqual([]);
    if (gated.has(item.name)) {
      // A gated item really is missing somewhere, so the gate is needed (and the list stays true).
      expect(having.length, `${signature} is in every generation: it needs no gate`).toBeLessThan(generations.length);
    } else {
      expect(having, `${signature} is missing from a generation the console sends it to`).toEqual(generations);
    }
  });

  it('each generation gets an ABI of exactly what it has', () => {
    for (const g of generations) {
      for (const item of items(abiFor(g, abi))) expect(generationHas(g, signatureOf(item))).toBe(true);
    }
  });
});

describe('what the console reads to check a vault and to tell its generations apart', () => {
  it('the relation views: each on every generation of the contract the registry reads it from', () => {
    const from: Record<string, ContractKind[]> = {
      token: ['epochVault', 'strategy'],
      AATranche: ['epochVault'],
      strategy: ['epochVault', 'queue'],
      keyring: ['epochVault'],
      idleCDOEpoch: ['queue'],
      underlying: ['queue'],
      tranche: ['queue'],
      idleCDO: ['strategy'],
      minter: ['tranche'],
      decimals: ['strategy', 'tranche'],
      symbol: ['strategy', 'tranche'],
    };
    for (const item of items(relationAbi)) {
      const kinds = from[item.name];
      expect(kinds, item.name).toBeDefined();
      for (const kind of kinds!) for (const g of generationsOf(kind)) expect(generationHas(g, signatureOf(item)), `${item.name} on ${g}`).toBe(true);
    }
  });

  it('each probe is answered by some generations of its contract and refused by others', () => {
    for (const [kind, names] of Object.entries(PROBES) as [ContractKind, readonly string[]][]) {
      for (const name of names) {
        const item = items(probeAbi).find((i) => i.name === name)!;
        const having = generationsOf(kind).filter((g) => generationHas(g, signatureOf(item)));
        expect(having.length, name).toBeGreaterThan(0);
        expect(having.length, name).toBeLessThan(generationsOf(kind).length);
      }
    }
  });

  it('the tranche token is a standard ERC-20 for every read and approval the console makes', () => {
    for (const item of items(erc20Abi)) expect(generationHas('CDO_EPOCH_MAIN_V2', signatureOf(item)), signatureOf(item)).toBe(true);
  });
});

describe('the protocol errors a revert is decoded against', () => {
  it('holds every error any generation declares, each explained in the operator\u2019s words', () => {
    const declared = new Set(
      Object.values(GENERATIONS).flatMap((g) => (g.signatures as readonly string[]).filter((s) => s.startsWith('error '))),
    );
    const decoded = new Set(items(protocolErrorAbi).map(signatureOf));
    for (const e of declared) {
      expect(decoded.has(e), e).toBe(true);
      expect(KNOWN_REVERTS, e).toContain(e.slice('error '.length, e.indexOf('(')));
    }
  });
});
