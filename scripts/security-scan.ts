/**
 * Static security scan with Electronegativity, as `npm test` runs it. The scanner always exits 0,
 * so this script reads its CSV and fails on any HIGH or MEDIUM finding that is not suppressed in
 * security/electronegativity-suppressions.json (each suppression names its check, its file, the
 * line's content and a reason, and covers that one line: see scripts/security-gate.ts).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { applySuppressions, parseFindings, SuppressionSchema } from './security-gate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ELECTRON_VERSION = (JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;

const Suppressions = z.array(SuppressionSchema);
const suppressions = Suppressions.parse(JSON.parse(readFileSync(path.join(root, 'security/electronegativity-suppressions.json'), 'utf8')));

// The scanner takes one input folder: give it the Electron side and the renderer (for the CSP) together.
const work = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-scan-'));
try {
  for (const dir of ['main', 'preload', 'runtime', 'services', 'shell']) {
    cpSync(path.join(root, 'electron', dir), path.join(work, 'input', dir), { recursive: true });
  }
  cpSync(path.join(root, 'renderer'), path.join(work, 'input', 'renderer'), { recursive: true });
  const csv = path.join(work, 'findings.csv');
  const bin = path.join(root, 'node_modules/.bin/electronegativity');
  const run = spawnSync(bin, ['-i', path.join(work, 'input'), '-r', '-e', ELECTRON_VERSION, '-o', csv], { encoding: 'utf8', timeout: 120_000 });
  if (run.error) throw run.error;

  const findings = parseFindings(readFileSync(csv, 'utf8'));
  const { open, suppressed, stale } = applySuppressions(findings, suppressions);
  const serious = [...open, ...suppressed];

  console.log(`electronegativity ${ELECTRON_VERSION}: ${findings.length} findings, ${serious.length} HIGH/MEDIUM, ${serious.length - open.length} suppressed with a reason`);
  for (const f of open) console.log(`  ${f.severity} ${f.issue} ${f.filename}:${f.location} ${f.description}\n    ${f.sample}`);
  for (const s of stale) console.log(`  stale suppression (no such finding any more): ${s.check} ${s.file}: ${s.line}`);
  if (open.length > 0 || stale.length > 0) process.exit(1);
} finally {
  rmSync(work, { recursive: true, force: true });
}
