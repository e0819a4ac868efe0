import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * A data folder only its owner can enter: it holds the registry, the journals, the policy, the
 * trusted planners and exported bundles, which another account on the machine must not read or
 * change. Created 0700; an existing one this process owns is narrowed to 0700 (a folder of
 * another owner, such as a shared mount, is left as it is: changing it would fail or surprise).
 */
export function ensurePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return;
  const { uid, mode } = statSync(dir);
  if (uid === process.getuid?.() && (mode & 0o077) !== 0) chmodSync(dir, mode & 0o700);
}
