import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '../../..');
const builder = parse(readFileSync(path.join(root, 'electron.builder.yml'), 'utf8')) as Record<string, any>;

describe('packaging', () => {
  it('flips the Electron fuses that turn a packaged app into a general-purpose runtime', () => {
    expect(builder.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
    expect(builder.asar).toBe(true);
  });

  it('builds AppImage and deb, dmg and nsis', () => {
    expect(builder.linux.target).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    expect(builder.mac.target).toEqual(['dmg']);
    expect(builder.win.target).toEqual(['nsis']);
  });

  it('ships the Ledger udev rule with the deb package and installs it', () => {
    const rule = builder.linux.extraResources.find((r: { from: string }) => r.from.endsWith('.rules'));
    expect(rule).toBeDefined();
    const text = readFileSync(path.join(root, rule.from), 'utf8');
    expect(text).toContain('KERNEL=="hidraw*", ATTRS{idVendor}=="2c97", MODE="0660", TAG+="uaccess"');
    const after = readFileSync(path.join(root, builder.deb.afterInstall), 'utf8');
    expect(after).toContain(path.basename(rule.to));
    expect(after).toContain('/etc/udev/rules.d/');
  });

  it('packages no browser shell and no simulation sources', () => {
    const files: string[] = builder.files;
    expect(files.some((f) => f.includes('shell'))).toBe(false);
    expect(files.every((f) => f.startsWith('out/') || f === 'package.json' || f.startsWith('!'))).toBe(true);
  });
});
