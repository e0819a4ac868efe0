import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OfflinePolicyStore } from '../../../electron/services/bundles/offline-policy';
import { TrustedPlannerStore } from '../../../electron/services/bundles/trusted-planners';
import { VaultRegistry } from '../../../electron/services/registry';
import { DEFAULT_OFFLINE_POLICY } from '../../../shared/bundles/policy';
import { asyncRefusalOf, unsignedRegistryText } from '../../support/bundle-fixture';

// The offline install's own records fail closed: a file that cannot be read, or is not what it
// should be, refuses every read that a review makes, naming the file; it is never replaced by the
// defaults (a looser policy, no planner, an empty registry) nor moved out of the way.

const DAMAGE = [
  ['cut short', '{"schemaVersion":1,"policy":{"chainIds":[1],'],
  ['of another shape', '{"schemaVersion":1,"policy":{"chainIds":"all"},"planners":7,"vaults":{}}'],
  ['of another version', '{"schemaVersion":9}'],
] as const;

const records = [
  ['offline-policy.json', (dir: string) => new OfflinePolicyStore(dir).read()],
  ['trusted-planners.json', (dir: string) => new TrustedPlannerStore(dir).trusted()],
  ['registry.json', (dir: string) => new VaultRegistry(dir, undefined, { failClosed: true }).list()],
] as const;

describe('offline records', () => {
  for (const [file, read] of records) {
    it.each(DAMAGE)(`refuse to read ${file} when it is %s, naming it, and leave it as it is`, async (_label, content) => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-records-'));
      await writeFile(path.join(dir, file), content);
      for (let i = 0; i < 2; i++) {
        // Twice: nothing was moved aside, so the second read is refused as well.
        const refusal = await asyncRefusalOf(() => read(dir));
        expect(refusal.code).toBe('OFFLINE_RECORD_DAMAGED');
        expect(refusal.message).toContain(path.join(dir, file));
        expect(refusal.message).toContain('Every review is refused');
        expect(refusal.action).toMatch(/^Nothing was signed\. /);
      }
      expect(await readFile(path.join(dir, file), 'utf8')).toBe(content);
      expect(await readdir(dir)).toEqual([file]);
    });

    it(`refuse to read ${file} when it cannot be read at all`, async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-records-'));
      await mkdir(path.join(dir, file));
      const refusal = await asyncRefusalOf(() => read(dir));
      expect(refusal).toMatchObject({ code: 'OFFLINE_RECORD_DAMAGED', message: expect.stringContaining('cannot be read') });
    });
  }

  it('are replaced by a deliberate write (a policy saved, a registry imported), the damaged file kept aside', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-records-'));
    await writeFile(path.join(dir, 'offline-policy.json'), '{');
    await writeFile(path.join(dir, 'registry.json'), '{');
    const policy = new OfflinePolicyStore(dir);
    await policy.write({ ...DEFAULT_OFFLINE_POLICY, maxFeePerTransactionEth: '0.01' });
    expect((await policy.read()).maxFeePerTransactionEth).toBe('0.01');
    const registry = new VaultRegistry(dir, undefined, { failClosed: true });
    await registry.importFile(unsignedRegistryText());
    expect(await registry.list()).toHaveLength(1);
    const kept = (await readdir(dir)).filter((f) => f.includes('.corrupt-')).sort();
    expect(kept).toEqual([expect.stringMatching(/^offline-policy\.json\.corrupt-/), expect.stringMatching(/^registry\.json\.corrupt-/)]);
  });

  it('are the defaults only when the file does not exist (a new install)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-records-'));
    expect(await new OfflinePolicyStore(dir).read()).toEqual(DEFAULT_OFFLINE_POLICY);
    expect(await new TrustedPlannerStore(dir).trusted()).toEqual([]);
    expect(await new VaultRegistry(dir, undefined, { failClosed: true }).list()).toEqual([]);
  });
});
