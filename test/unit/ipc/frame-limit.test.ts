import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listMethodNames, lookupMethod } from '../../../shared/ipc/contract';
import { JSON_BYTES_PER_CHAR, largestCallFrameBytes, maxJsonBytes } from '../../../shared/ipc/frame-limit';
import { BUNDLE_MAX_CHARS } from '../../../shared/bundles/schemas';
import { CSV_MAX_BYTES } from '../../../shared/wallets/schemas';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('the bridge frame ceiling', () => {
  it('bounds every input of the contract', () => {
    const unbounded: string[] = [];
    for (const m of listMethodNames()) maxJsonBytes(lookupMethod(m)!.input, m, unbounded);
    expect(unbounded).toEqual([]);
  });

  it('holds the largest text the contract takes, a bundle file, and the largest CSV several times over', () => {
    const ceiling = largestCallFrameBytes();
    expect(ceiling).toBeGreaterThanOrEqual((BUNDLE_MAX_CHARS + 1) * JSON_BYTES_PER_CHAR);
    expect(ceiling).toBeGreaterThan(6 * CSV_MAX_BYTES);
  });

  it('counts the worst escaping of every character', () => {
    // Control characters become \u00XX and lone surrogates \udXXX: 6 bytes, never more.
    let worst = 0;
    for (let code = 0; code <= 0xffff; code++) worst = Math.max(worst, bytes(JSON.stringify(String.fromCharCode(code))) - 2);
    expect(worst).toBe(JSON_BYTES_PER_CHAR);
  });

  it('is never below what a value the schema accepts takes as JSON', () => {
    const schema = z.object({
      name: z.string().max(10),
      tags: z.array(z.string().max(3)).max(4),
      n: z.number(),
      on: z.boolean().optional(),
      kind: z.enum(['claim', 'cancel']),
    });
    const fullest = {
      name: '\u0001'.repeat(10),
      tags: ['"""', '\\\\\\', '\u00ff\u00ff\u00ff', '\u0002\u0002\u0002'],
      n: -1.7976931348623157e308,
      on: false,
      kind: 'cancel',
    };
    expect(schema.safeParse(fullest).success).toBe(true);
    expect(maxJsonBytes(schema)).toBeGreaterThanOrEqual(bytes(JSON.stringify(fullest)));
    expect(maxJsonBytes(z.object({ text: z.string() }))).toBe(Infinity);
  });
});
