import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applySuppressions, parseFindings, SuppressionSchema, type Finding } from '../../../scripts/security-gate';
import { rendererCsp } from '../../../vite.renderer.config';
import { handleAppProtocol } from '../../../electron/main/app-protocol';

const root = path.resolve(import.meta.dirname, '../../..');
const suppressions = z
  .array(SuppressionSchema)
  .parse(JSON.parse(readFileSync(path.join(root, 'security/electronegativity-suppressions.json'), 'utf8')));

const finding = (filename: string, sample: string, issue = 'OPEN_EXTERNAL_JS_CHECK'): Finding => ({
  issue,
  severity: 'MEDIUM',
  filename,
  location: '1:0',
  sample,
  description: 'Review the use of openExternal',
});
const suppressedLine = suppressions.find((s) => s.file === 'main/index.ts')!;

describe('the security gate', () => {
  it('suppresses the reviewed line only: a new openExternal in the same file is a new finding', () => {
    const reviewed = finding('main/index.ts', suppressedLine.line);
    const added = finding('main/index.ts', 'shell.openExternal(request.url);');
    const result = applySuppressions([reviewed, added], suppressions);
    expect(result.open).toEqual([added]);
  });

  it('suppresses one finding per suppression: a copy of the reviewed line is a new finding too', () => {
    const reviewed = finding('main/index.ts', suppressedLine.line);
    expect(applySuppressions([reviewed, { ...reviewed, location: '90:4' }], suppressions).open).toHaveLength(1);
  });

  it('reports a suppression whose line no longer exists as stale', () => {
    const { stale } = applySuppressions([], suppressions);
    expect(stale).toHaveLength(suppressions.length);
  });

  it('reads the scanner report, quotes and commas in the sample included', () => {
    const csv = [
      'issue, severity, confidence, filename, location, sample, description, url',
      'OPEN_EXTERNAL_JS_CHECK,"MEDIUM","TENTATIVE","main/index.ts","62:27","open(""a, b"", { x: 1 }),","Review the use of openExternal",https://example.invalid',
    ].join('\n');
    expect(parseFindings(csv)).toEqual([
      {
        issue: 'OPEN_EXTERNAL_JS_CHECK',
        severity: 'MEDIUM',
        filename: 'main/index.ts',
        location: '62:27',
        sample: 'open("a, b", { x: 1 }),',
        description: 'Review the use of openExternal',
      },
    ]);
  });

  it('keeps honest reasons: the renderer opens more than KYC links, and the allowlist grows at run time', () => {
    const renderer = suppressions.find((s) => s.file === 'renderer/src/components/links.ts')!;
    expect(renderer.reason).not.toMatch(/only asks the main side to open a KYC link/);
    expect(renderer.reason).toMatch(/explorer/);
    for (const s of suppressions.filter((x) => x.check === 'OPEN_EXTERNAL_JS_CHECK')) expect(s.reason, s.file).toMatch(/run time/);
  });
});

describe('the renderer content security policy', () => {
  const html = readFileSync(path.join(root, 'renderer/index.html'), 'utf8');
  it('allows no WebSocket in the Electron build', () => {
    expect(rendererCsp(html, 'electron')).not.toMatch(/ws:/);
  });
  it("allows the browser shell's loopback WebSocket in the shell's build only", () => {
    expect(rendererCsp(html, 'websocket')).toContain("connect-src 'self' ws://127.0.0.1:*");
  });
});

describe('the app:// protocol', () => {
  it('answers 400 to a malformed percent-escape instead of failing the request', async () => {
    let handler: ((request: { url: string }) => Promise<Response>) | null = null;
    const protocol = { handle: (_scheme: string, h: typeof handler) => (handler = h) };
    handleAppProtocol(protocol as never, async () => new Response('file'), path.join(root, 'renderer'));
    const bad = await handler!({ url: 'app://vaultdesk/%E0%A4%A' });
    expect(bad.status).toBe(400);
    const fine = await handler!({ url: 'app://vaultdesk/index.html' });
    expect(fine.status).toBe(200);
    expect(fine.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
