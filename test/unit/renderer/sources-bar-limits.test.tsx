/**
 * The sources bar says when a chain's RPC provider rate-limited the refresh, and what it cost;
 * a chain it did not limit says nothing of it.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SourcesBar } from '../../../renderer/src/components/SourcesBar';
import type { SourceStatus } from '../../../shared/portfolio/schemas';

const chain = (id: number, extra: Partial<SourceStatus> = {}): SourceStatus => ({
  id: `chain:${id}`,
  label: `Chain ${id}`,
  ok: true,
  fetchedAtMs: Date.UTC(2026, 0, 1),
  stale: false,
  error: null,
  ...extra,
});
const text = (sources: SourceStatus[]) =>
  renderToStaticMarkup(createElement(SourcesBar, { sources }))
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");

describe('the sources bar under a provider’s rate limit', () => {
  it('names the rate-limited requests and the time they cost, on the chain they cost it', () => {
    const shown = text([chain(1, { limits: { rateLimited: 12, waitedMs: 3_400 } }), chain(5)]);
    expect(shown).toContain('Chain 1 · 12 requests rate-limited, +3.4 s');
    expect(shown).not.toMatch(/Chain 5 ·/);
  });

  it('says one request in the singular', () => {
    expect(text([chain(1, { limits: { rateLimited: 1, waitedMs: 1_000 } })])).toContain('1 request rate-limited, +1.0 s');
  });
});
