/**
 * The console's ERC-7730 descriptors (clear-signing/registry/pareto) as Ledger's registry checks
 * them: each file, and each one bound to a deployment the way a calldata-<vault>.json includes it,
 * is valid against the registry's published schema (vendored, CC0); and every format names a
 * function the console encodes for that generation, with the same selector, and covers every call
 * the console makes on it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { toFunctionSelector, type AbiFunction } from 'viem';
import { describe, expect, it } from 'vitest';
import { epochQueueAbi, epochVaultAbi } from '../../../shared/abi';
import { GENERATIONS, generationCalls, type Generation } from '../../../shared/abi/generations';
import { describedCalls } from '../../../electron/services/device/calldata-descriptors';
import { VAULT_DESCRIPTORS, deploymentDescriptor } from '../../../electron/services/device/vault-descriptors';

const ROOT = join(__dirname, '../../../clear-signing');
const schema = JSON.parse(readFileSync(join(ROOT, 'specs/erc7730-v2.schema.json'), 'utf8')) as object;
// As the registry's CI (check-jsonschema, draft-07): the formats it names, checked by their rules.
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addFormat('eip55', /^0x[0-9a-fA-F]{40}$/);
ajv.addFormat('eip155', { type: 'number', validate: (n: number) => Number.isInteger(n) && n > 0 });
ajv.addFormat('date-time', true);
ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:/i);
ajv.addFormat('uri-reference', true);
const validate = ajv.compile(schema);

const files = readdirSync(join(ROOT, 'registry/pareto')).filter((f) => f.endsWith('.json'));
const VAULT_CALLS = ['depositAA', 'depositDuringEpoch', 'requestWithdraw', 'claimWithdrawRequest', 'claimInstantWithdrawRequest'];
const QUEUE_CALLS = [
  'requestDeposit',
  'requestWithdraw',
  'claimDepositRequest',
  'claimWithdrawRequest',
  'deleteRequest',
  'deleteWithdrawRequest',
];

function consoleCalls(generation: Generation): AbiFunction[] {
  const kind = GENERATIONS[generation].kind;
  const [abi, names]: [readonly unknown[], string[]] =
    kind === 'epochVault' ? [epochVaultAbi, VAULT_CALLS] : kind === 'queue' ? [epochQueueAbi, QUEUE_CALLS] : [[], []];
  return (abi as readonly AbiFunction[]).filter(
    (i) => i.type === 'function' && names.includes(i.name) && generationCalls(generation, abi as never, i.name),
  );
}

describe('the vault calls’ ERC-7730 descriptors', () => {
  it.each(files)('%s is valid against the registry’s schema', (file) => {
    const doc = JSON.parse(readFileSync(join(ROOT, 'registry/pareto', file), 'utf8')) as unknown;
    expect(validate(doc), ajv.errorsText(validate.errors)).toBe(true);
  });

  it('a file breaking the schema is caught', () => {
    expect(
      validate({
        display: {
          formats: { 'deposit(uint256 amount)': { fields: [{ path: '#.amount', format: 'tokenAmount', params: { threshold: 5 } }] } },
        },
      }),
    ).toBe(false);
  });

  it.each(Object.keys(VAULT_DESCRIPTORS) as Generation[])(
    '%s: bound to a deployment it is valid, and its selectors are the calls the console encodes',
    (generation) => {
      const descriptor = deploymentDescriptor(generation, {
        chainId: 1,
        address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        underlyingToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        trancheToken: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      })!;
      expect(validate(descriptor), ajv.errorsText(validate.errors)).toBe(true);
      const described = describedCalls(descriptor)
        .map((c) => c.selector)
        .sort();
      const encoded = consoleCalls(generation)
        .map((fn) => toFunctionSelector(fn))
        .sort();
      expect(described).toEqual(encoded);
    },
  );

  it('the strategies have no call the console makes, so no descriptor', () => {
    for (const g of Object.keys(GENERATIONS) as Generation[]) {
      if (GENERATIONS[g].kind === 'strategy') expect(VAULT_DESCRIPTORS[g]).toBeUndefined();
    }
  });
});
