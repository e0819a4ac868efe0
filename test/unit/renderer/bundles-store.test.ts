import { describe, expect, it } from 'vitest';
import { BUNDLE_MAX_CHARS } from '../../../shared/bundles/schemas';
import { useBundlesStore } from '../../../renderer/src/bundles/bundles-store';
import { useSigningStore } from '../../../renderer/src/signing/signing-store';
import { freshStores, installFakeBridge, refusal } from './fake-bridge';

freshStores(useBundlesStore, useSigningStore);

const fileOf = (name: string, content: string, size = content.length) => ({ name, size, text: async () => content }) as unknown as File;

describe('bundles store', () => {
  it('checks an opened file without importing it, busy meanwhile', async () => {
    const bridge = installFakeBridge({ 'bundles.inspect': () => ({ bundle: { fileName: 'b.json' }, snapshot: {} }) });
    const opening = useBundlesStore.getState().openFile(fileOf('b.json', '{}'));
    await Promise.resolve();
    expect(useBundlesStore.getState().busy).toBe(true);
    await opening;
    expect(bridge.calls).toEqual([{ method: 'bundles.inspect', input: { content: '{}', fileName: 'b.json' } }]);
    expect(useBundlesStore.getState()).toMatchObject({ busy: false, error: null, opened: { fileName: 'b.json', content: '{}' } });
  });

  it('refuses a file over the bundle size before reading it', async () => {
    const bridge = installFakeBridge({});
    await useBundlesStore.getState().openFile(fileOf('big.json', '', BUNDLE_MAX_CHARS + 1));
    expect(bridge.calls).toEqual([]);
    expect(useBundlesStore.getState()).toMatchObject({ opened: null, error: { code: 'BUNDLE_TOO_LARGE' } });
  });

  it('keeps a refused file’s reason with what to do', async () => {
    installFakeBridge({ 'bundles.inspect': () => Promise.reject(refusal('BUNDLE_CHECKSUM')) });
    await useBundlesStore.getState().openFile(fileOf('b.json', '{}'));
    expect(useBundlesStore.getState()).toMatchObject({
      busy: false,
      opened: null,
      error: { code: 'BUNDLE_CHECKSUM', action: 'What to do.' },
    });
  });

  it('turns an unsigned bundle into the plan on the Signing screen, and keeps its snapshot', async () => {
    installFakeBridge({
      'bundles.inspect': () => ({ bundle: { fileName: 'u.json' } }),
      'bundles.importUnsigned': () => ({ plan: { id: 'p1' }, batchId: null }),
    });
    await useBundlesStore.getState().openFile(fileOf('u.json', '{}'));
    expect(await useBundlesStore.getState().importUnsigned()).toBe(true);
    expect(useSigningStore.getState().plan).toEqual({ id: 'p1' });
    expect(useBundlesStore.getState().opened).toBeNull();
    expect(useBundlesStore.getState().showSnapshotOfPlan('p1')).toBe(true);
    expect(useBundlesStore.getState().snapshot).toMatchObject({ from: 'u.json' });
  });

  it('opens the batch of a signed bundle on the Signing screen, with what the chain says of it', async () => {
    installFakeBridge({
      'bundles.inspect': () => ({ bundle: { fileName: 's.json' } }),
      'bundles.importSigned': () => ({ bundle: { planner: '0xP', reviewer: '0xR' }, batch: { id: 'b1' }, checks: [{ itemId: 'i1' }] }),
      'signing.openBatch': () => ({ id: 'b1', items: [] }),
      'signing.listBatches': () => [],
    });
    await useBundlesStore.getState().openFile(fileOf('s.json', '{}'));
    expect(await useBundlesStore.getState().importSigned()).toBe(true);
    expect(useSigningStore.getState().batch).toEqual({ id: 'b1', items: [] });
    expect(useBundlesStore.getState().checks).toEqual({ b1: [{ itemId: 'i1' }] });
    // Who planned it and who reviewed it offline, shown beside the batch.
    expect(useBundlesStore.getState().signers).toEqual({ b1: { planner: '0xP', reviewer: '0xR' } });
  });
});
