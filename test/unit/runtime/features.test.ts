import { describe, expect, it, vi } from 'vitest';
import { listMethodNames, methods } from '../../../shared/ipc/contract';
import { assembleHandlers, feature, forward, type Feature, type HandlerPart } from '../../../electron/runtime/feature';
import { createVaultsFeature } from '../../../electron/runtime/features/vaults';
import { createLinkAllowlist } from '../../../electron/runtime/link-allowlist';
import { ServiceCatalog } from '../../../electron/services/catalog/catalog';
import type { ServiceClient } from '../../../electron/services/service-client';

const ctx = { transport: 'browser' as const };

/** Every contract method, each answering its own name: a complete set of features to cut from. */
function everyMethod(except: string[] = []): HandlerPart {
  const part: Record<string, Record<string, () => Promise<string>>> = {};
  for (const name of listMethodNames()) {
    if (except.includes(name)) continue;
    const [ns, m] = name.split('.') as [string, string];
    (part[ns] ??= {})[m] = async () => name;
  }
  return part as unknown as HandlerPart;
}

describe('assembling features', () => {
  it('joins the features’ parts, namespaces split between features included, into one table', async () => {
    const profile = vi.fn(async () => 'profile');
    const handlers = assembleHandlers([
      feature(everyMethod(['vaults.profile'])),
      feature({ vaults: { profile } } as unknown as HandlerPart),
    ]);
    expect(await handlers.vaults.list({}, ctx)).toBe('vaults.list');
    await handlers.vaults.profile({ vaultId: 'v1' }, ctx);
    expect(profile).toHaveBeenCalled();
  });

  it('refuses a table that leaves a contract method out, or serves one twice', () => {
    expect(() => assembleHandlers([feature(everyMethod(['signing.run', 'app.info']))])).toThrow(
      /signing\.run, app\.info|app\.info, signing\.run/,
    );
    expect(() => assembleHandlers([feature(everyMethod()), feature({ app: everyMethod().app! })])).toThrow('app.info');
  });

  it('generates forwarding handlers from the contract, asking for the target at every call', async () => {
    const targets = [{ records: vi.fn(async () => 'first') }, { records: vi.fn(async () => 'second') }];
    let current = 0;
    const handlers = forward('positions', () => targets[current] as never);
    expect(Object.keys(handlers)).toEqual(Object.keys(methods.positions));
    expect(await handlers.records({ groupId: 'g1' }, ctx)).toBe('first');
    current = 1;
    expect(await handlers.records({ groupId: null }, ctx)).toBe('second');
    expect(targets[0]!.records).toHaveBeenCalledWith({ groupId: 'g1' });
  });

  it('gives a feature without a life cycle of its own a reset and a close that do nothing', async () => {
    const f: Feature = feature({});
    await expect(Promise.resolve(f.reset())).resolves.toBeUndefined();
    await expect(Promise.resolve(f.close())).resolves.toBeUndefined();
  });
});

describe('the vaults feature', () => {
  it('forgets the console’s catalog when the mode changes, so the next read asks the service again', async () => {
    const reads: string[] = [];
    const client = { listAll: async (resource: string) => (reads.push(resource), []) } as unknown as ServiceClient;
    const catalog = new ServiceCatalog();
    const vaults = createVaultsFeature({ catalog, service: async () => client, links: createLinkAllowlist() });
    await catalog.read(client, ['vaults']);
    await catalog.read(client, ['vaults']);
    expect(reads.filter((r) => r === 'vaults')).toHaveLength(1);
    await vaults.reset();
    await catalog.read(client, ['vaults']);
    expect(reads.filter((r) => r === 'vaults')).toHaveLength(2);
  });

  it('reads the service again for the Vaults screen, opened or refreshed, and so refreshes the catalog', async () => {
    const reads: string[] = [];
    const client = { listAll: async (resource: string) => (reads.push(resource), []) } as unknown as ServiceClient;
    const catalog = new ServiceCatalog();
    const vaults = createVaultsFeature({ catalog, service: async () => client, links: createLinkAllowlist() });
    await vaults.handlers.vaults!.list!({}, ctx);
    await vaults.handlers.vaults!.list!({}, ctx);
    expect(reads.filter((r) => r === 'vaults')).toHaveLength(2);
    await catalog.read(client, ['vaults', 'vaultTypes']);
    expect(reads.filter((r) => r === 'vaults' || r === 'vaultTypes')).toHaveLength(4);
  });
});
