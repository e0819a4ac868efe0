import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
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

  describe('deb install and remove scripts', () => {
    const templates = path.join(root, 'node_modules/app-builder-lib/templates/linux');
    /** What electron-builder does with a script template (FpmTarget's writeConfigFile), for this app. */
    const render = (file: string) =>
      readFileSync(path.join(root, file), 'utf8').replace(/\$\{([a-zA-Z]+)\}/g, (_m, name: string) => {
        const options: Record<string, string> = { executable: 'vaultdesk', sanitizedProductName: 'Vaultdesk', productFilename: 'Vaultdesk' };
        if (!(name in options)) throw new Error(`Macro ${name} is not defined`);
        return options[name]!;
      });
    const bashSyntax = (script: string) => {
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-deb-')), 'script.sh');
      writeFileSync(file, script);
      return spawnSync('bash', ['-n', file], { encoding: 'utf8' });
    };

    it("keep electron-builder's own after-install template whole and add the udev rule to it", () => {
      expect(readFileSync(path.join(root, builder.deb.afterInstall), 'utf8').startsWith(readFileSync(path.join(templates, 'after-install.tpl'), 'utf8'))).toBe(true);
      const script = render(builder.deb.afterInstall);
      expect(script).toContain("ln -sf '/opt/Vaultdesk/vaultdesk' '/usr/bin/vaultdesk'");
      expect(script).toContain("chmod 4755 '/opt/Vaultdesk/chrome-sandbox'");
      expect(script).toContain("APPARMOR_PROFILE_TARGET='/etc/apparmor.d/vaultdesk'");
      expect(script).toContain('apparmor_parser --replace');
      expect(script).toContain("rules_src='/opt/Vaultdesk/resources/udev/51-ledger-vaultdesk.rules'");
      expect(script).toContain('install -m 0644 "$rules_src" /etc/udev/rules.d/51-ledger-vaultdesk.rules');
      expect(bashSyntax(script)).toMatchObject({ status: 0, stderr: '' });
    });

    it("keep electron-builder's own after-remove template whole and take the udev rule away", () => {
      expect(readFileSync(path.join(root, builder.deb.afterRemove), 'utf8').startsWith(readFileSync(path.join(templates, 'after-remove.tpl'), 'utf8'))).toBe(true);
      const script = render(builder.deb.afterRemove);
      expect(script).toContain("update-alternatives --remove 'vaultdesk' '/opt/Vaultdesk/vaultdesk'");
      expect(script).toContain("APPARMOR_PROFILE_DEST='/etc/apparmor.d/vaultdesk'");
      expect(script).toContain('rm -f /etc/udev/rules.d/51-ledger-vaultdesk.rules');
      expect(bashSyntax(script)).toMatchObject({ status: 0, stderr: '' });
    });
  });
});
