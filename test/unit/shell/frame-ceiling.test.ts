import { describe, expect, it } from 'vitest';
import { listMethodNames, lookupMethod } from '../../../shared/ipc/contract';
import { maxJsonBytes } from '../../../shared/ipc/frame-limit';
import { BUNDLE_MAX_CHARS } from '../../../shared/bundles/schemas';
import { bridgeFrameCeiling } from '../../../electron/shell/frame-ceiling';
import { makeSignedText } from '../../support/bundle-fixture';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('the browser shell frame ceiling', () => {
  it('is about the largest real input, a 32 MiB bundle, not the contract’s six-bytes-a-character worst', () => {
    expect(bridgeFrameCeiling()).toBeLessThanOrEqual(1.3 * BUNDLE_MAX_CHARS);
    expect(bridgeFrameCeiling()).toBeGreaterThan(BUNDLE_MAX_CHARS);
  });

  it('holds a bundle the console writes, grown to the largest size a bundle may have', async () => {
    for (const action of ['deposit', 'claim', 'agreements'] as const) {
      const text = await makeSignedText(action);
      // The same text repeated to 32 MiB escapes the same way as the file it stands for.
      const perChar = (bytes(JSON.stringify({ id: 1, method: 'bundles.importUnsigned', input: { content: text } })) - 64) / text.length;
      expect(perChar * (BUNDLE_MAX_CHARS + 1) + 1024, action).toBeLessThan(bridgeFrameCeiling());
    }
  });

  it('holds the worst case of every call that takes no bundle text', () => {
    const over = listMethodNames().filter((m) => maxJsonBytes(lookupMethod(m)!.input, m) > bridgeFrameCeiling());
    for (const m of over)
      expect(lookupMethod(m)!.input.safeParse({ content: 'x'.repeat(16) }).success || m.startsWith('bundles.'), m).toBe(true);
  });
});
