import { copyFileSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A copy of a running console's data folder: what a console killed at this moment leaves on disk.
 * Files are written atomically (a temporary file renamed over the target), so a write in flight
 * can make a temporary file vanish between listing the folder and copying it; that file is left
 * out, as a kill just after the rename would leave it. Any other error fails the copy.
 */
export function leftBehind(dataDir: string): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-killed-'));
  copyFolder(dataDir, copy);
  return copy;
}

function copyFolder(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    try {
      if (entry.isDirectory()) copyFolder(source, target);
      else copyFileSync(source, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
