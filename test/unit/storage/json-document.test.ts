import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsDocument } from '../../../electron/services/settings/settings';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-doc-'));

describe('settings document', () => {
  it('gives defaults when there is no file, and reads back what it wrote', async () => {
    const doc = settingsDocument(tmp());
    expect((await doc.read()).value).toEqual({ version: 1, serviceUrl: null, offline: false });
    await doc.write({ version: 1, serviceUrl: 'https://api.example.com', offline: false });
    expect((await doc.read()).value.serviceUrl).toBe('https://api.example.com');
  });

  it('leaves no temporary files behind', async () => {
    const dir = tmp();
    const doc = settingsDocument(dir);
    for (let i = 0; i < 5; i++) await doc.write({ version: 1, serviceUrl: `https://a${i}.example`, offline: false });
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it.each([
    ['not JSON', '{"version":1,'],
    ['the wrong shape', '{"version":7,"serviceUrl":3}'],
  ])('keeps a file that is %s aside instead of overwriting it', async (_label, content) => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'settings.json'), content);
    const doc = settingsDocument(dir);
    const { value, recovered } = await doc.read();
    expect(value.serviceUrl).toBeNull();
    expect(recovered?.keptAt).toMatch(/settings\.json\.corrupt-/);
    expect(readFileSync(recovered!.keptAt, 'utf8')).toBe(content);
  });
});
