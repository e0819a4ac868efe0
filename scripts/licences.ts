/**
 * The licences of what the packaged app ships: every package reachable from package.json's
 * `dependencies` (and their dependencies and optional dependencies, resolved as Node resolves
 * them), checked against security/licence-allowlist.json; an SPDX expression passes when it can be
 * satisfied with allowed licences only (`MIT OR GPL-3.0` passes, `MIT AND GPL-3.0` does not). A
 * package without a licence, or outside the list, fails `npm test`.
 *
 * `--notices FILE` also writes the third-party notices (each package, its licence and its licence
 * text) that the packaged app carries (electron.builder.yml's extraResources).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';

export interface ShippedPackage {
  name: string;
  version: string;
  licence: string | null;
  dir: string;
}

const parseSpdx = createRequire(import.meta.url)('spdx-expression-parse') as (expression: string) => unknown;

type Spdx = { license: string; plus?: boolean; exception?: string } | { conjunction: 'and' | 'or'; left: Spdx; right: Spdx };

/** Whether an SPDX expression can be met with allowed licences only. */
export function licenceAllowed(expression: string | null, allowed: ReadonlySet<string>): boolean {
  if (!expression) return false;
  let tree: Spdx;
  try {
    tree = parseSpdx(expression) as Spdx;
  } catch {
    return allowed.has(expression);
  }
  const ok = (node: Spdx): boolean =>
    'conjunction' in node
      ? node.conjunction === 'and'
        ? ok(node.left) && ok(node.right)
        : ok(node.left) || ok(node.right)
      : allowed.has(node.license);
  return ok(tree);
}

function licenceOf(pkg: Record<string, unknown>): string | null {
  const l = pkg.license ?? pkg.licenses;
  if (typeof l === 'string') return l;
  if (l && typeof l === 'object' && !Array.isArray(l) && typeof (l as { type?: unknown }).type === 'string')
    return (l as { type: string }).type;
  if (Array.isArray(l))
    return (
      l
        .map((x: { type?: string }) => x.type)
        .filter(Boolean)
        .join(' OR ') || null
    );
  return null;
}

/** Where Node finds `name` from `fromDir`: the nearest node_modules up the tree. */
function resolvePackageDir(name: string, fromDir: string): string | null {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(dir) === dir) return null;
  }
}

/** Every package the app ships, once each, from the project's production dependencies. */
export function shippedPackages(root: string): ShippedPackage[] {
  const seen = new Map<string, ShippedPackage>();
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const queue: Array<{ name: string; from: string; optional: boolean }> = Object.keys(manifest.dependencies ?? {}).map((name) => ({
    name,
    from: root,
    optional: false,
  }));
  while (queue.length > 0) {
    const { name, from, optional } = queue.shift()!;
    const dir = resolvePackageDir(name, from);
    if (!dir) {
      if (optional) continue;
      throw new Error(`${name} (needed from ${path.relative(root, from) || 'the project'}) is not installed`);
    }
    if (seen.has(dir)) continue;
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    seen.set(dir, { name: String(pkg.name ?? name), version: String(pkg.version ?? ''), licence: licenceOf(pkg), dir });
    for (const dep of Object.keys((pkg.dependencies as Record<string, string>) ?? {}))
      queue.push({ name: dep, from: dir, optional: false });
    for (const dep of Object.keys((pkg.optionalDependencies as Record<string, string>) ?? {}))
      queue.push({ name: dep, from: dir, optional: true });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

function licenceText(dir: string): string | null {
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|-|$)/i.test(f));
  return file ? readFileSync(path.join(dir, file), 'utf8').trim() : null;
}

export function thirdPartyNotices(packages: readonly ShippedPackage[]): string {
  const parts = packages.map(
    (p) =>
      `${p.name} ${p.version}\nLicence: ${p.licence ?? 'none declared'}\n\n${licenceText(p.dir) ?? '(no licence file in the package)'}\n`,
  );
  return `Vaultdesk ships the following third-party packages.\n\n${parts.join(`\n${'-'.repeat(72)}\n\n`)}`;
}

export function loadAllowlist(root: string): Set<string> {
  const list = JSON.parse(readFileSync(path.join(root, 'security/licence-allowlist.json'), 'utf8')) as { allowed: string[] };
  return new Set(list.allowed);
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { values } = parseArgs({ options: { notices: { type: 'string' } } });
  const packages = shippedPackages(root);
  const allowed = loadAllowlist(root);
  const refused = packages.filter((p) => !licenceAllowed(p.licence, allowed));
  console.log(`licences: ${packages.length} production packages, ${refused.length} outside security/licence-allowlist.json`);
  for (const p of refused) console.log(`  ${p.name}@${p.version}: ${p.licence ?? 'no licence declared'} (${path.relative(root, p.dir)})`);
  if (values.notices) {
    mkdirSync(path.dirname(path.resolve(values.notices)), { recursive: true });
    writeFileSync(values.notices, thirdPartyNotices(packages));
    console.log(`third-party notices written to ${values.notices}`);
  }
  if (refused.length > 0) process.exit(1);
}
