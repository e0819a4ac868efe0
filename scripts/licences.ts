/**
 * The licences of what the packaged app ships, checked by licensee (jslicense) over the production
 * tree: every installed package that is not only a development dependency, as npm's own tree
 * reader (Arborist) sees it. The policy is security/licence-allowlist.json, the one source of
 * truth: `allowed` SPDX identifiers (an expression passes when it can be met with allowed licences
 * only: `MIT OR GPL-3.0` passes, `MIT AND GPL-3.0` does not), and `exceptions`, single packages
 * within a version range accepted whatever their licence, each with the reason. licensee's own
 * `.licensee.json` is not used: the policy is handed to it from that file, so there is no second
 * list to drift. A package without a licence, or outside the list, fails `npm test`.
 *
 * `--notices FILE` also writes the third-party notices (each package, its licence and its licence
 * text) that the packaged app carries (electron.builder.yml's extraResources).
 * `--project DIR` checks another project folder with the same policy (tests use it).
 */
import { mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const POLICY_FILE = path.join(repositoryRoot, 'security/licence-allowlist.json');

/** A package accepted whatever its licence metadata says, and why. */
export interface LicenceException {
  package: string;
  /** A semver range: a new major version is judged again. */
  versions: string;
  reason: string;
}

export interface LicencePolicy {
  allowed: string[];
  exceptions: LicenceException[];
}

/** One package of the production tree as licensee reports it. */
export interface ShippedPackage {
  name: string;
  version: string;
  /** The package's `license` field: an SPDX expression, or whatever odd value it declares. */
  licence: unknown;
  approved: boolean;
  /** Approved as a listed exception rather than by its licence. */
  exception: boolean;
  dir: string;
}

interface LicenseeResult {
  name: string;
  version: string;
  license: unknown;
  approved: boolean;
  package?: boolean;
  path: string;
}
type Licensee = (
  configuration: { licenses: { spdx: string[] }; packages: Record<string, string>; corrections: false; productionOnly: true },
  projectDir: string,
  callback: (error: Error | null, results: LicenseeResult[]) => void,
) => void;

const licensee = createRequire(import.meta.url)('licensee') as Licensee;

export function loadPolicy(file = POLICY_FILE): LicencePolicy {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<LicencePolicy>;
  const policy = { allowed: raw.allowed ?? [], exceptions: raw.exceptions ?? [] };
  for (const e of policy.exceptions) {
    if (!e.package || !e.versions || !e.reason?.trim()) {
      throw new Error(`${file}: every exception needs "package", "versions" and a "reason" (${JSON.stringify(e)})`);
    }
  }
  return policy;
}

/**
 * Where the project's packages are really installed. npm's tree reader takes the folder holding
 * node_modules; when node_modules is a link to an install made elsewhere (a second checkout
 * sharing one install), it is that install's folder and its package.json that describe the tree.
 */
function installRoot(projectDir: string): string {
  try {
    return path.dirname(realpathSync(path.join(projectDir, 'node_modules')));
  } catch {
    return projectDir;
  }
}

/** Every production package, once per name and version, with licensee's verdict under the policy. */
export function checkLicences(projectDir: string, policy: LicencePolicy): Promise<ShippedPackage[]> {
  const configuration = {
    licenses: { spdx: policy.allowed },
    packages: Object.fromEntries(policy.exceptions.map((e) => [e.package, e.versions])),
    // Crowd-sourced corrections would change a verdict without a change in this repository.
    corrections: false as const,
    productionOnly: true as const,
  };
  return new Promise((resolve, reject) => {
    licensee(configuration, installRoot(projectDir), (error, results) => {
      if (error) return reject(error);
      resolve(
        results
          .map((r) => ({
            name: r.name,
            version: r.version,
            licence: r.license ?? null,
            approved: r.approved,
            exception: r.package === true,
            dir: r.path,
          }))
          .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version)),
      );
    });
  });
}

export function describeLicence(licence: unknown): string {
  if (licence === null || licence === undefined || licence === '') return 'no licence declared';
  return typeof licence === 'string' ? licence : `not an SPDX expression: ${JSON.stringify(licence)}`;
}

function licenceText(dir: string): string | null {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return null;
  }
  const file = files.find((f) => /^(licen[cs]e|copying)(\.|-|$)/i.test(f));
  return file ? readFileSync(path.join(dir, file), 'utf8').trim() : null;
}

export function thirdPartyNotices(packages: readonly ShippedPackage[]): string {
  const parts = packages.map(
    (p) =>
      `${p.name} ${p.version}\nLicence: ${describeLicence(p.licence)}\n\n${licenceText(p.dir) ?? '(no licence file in the package)'}\n`,
  );
  return `Vaultdesk ships the following third-party packages.\n\n${parts.join(`\n${'-'.repeat(72)}\n\n`)}`;
}

/** The report `npm test` prints, and whether the check passed. */
export function licenceReport(packages: readonly ShippedPackage[], policyFile: string): { ok: boolean; lines: string[] } {
  const refused = packages.filter((p) => !p.approved);
  const excepted = packages.filter((p) => p.exception);
  const where = path.relative(repositoryRoot, policyFile) || policyFile;
  const lines = [
    `licences: ${packages.length} production packages checked by licensee, ${refused.length} outside ${where}` +
      (excepted.length ? `, ${excepted.length} accepted as exceptions (${excepted.map((p) => `${p.name}@${p.version}`).join(', ')})` : ''),
    ...refused.map((p) => `  ${p.name}@${p.version}: ${describeLicence(p.licence)} (${p.dir})`),
  ];
  if (refused.length > 0) {
    lines.push(
      `Replace or remove these packages; or, if a licence is acceptable for the app, add it to "allowed" in ${where}, or the package to "exceptions" with its version range and the reason.`,
    );
  }
  return { ok: refused.length === 0, lines };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { notices: { type: 'string' }, project: { type: 'string' }, policy: { type: 'string' } } });
  const projectDir = path.resolve(values.project ?? repositoryRoot);
  const policyFile = path.resolve(values.policy ?? POLICY_FILE);
  const packages = await checkLicences(projectDir, loadPolicy(policyFile));
  const { ok, lines } = licenceReport(packages, policyFile);
  for (const line of lines) console.log(line);
  if (values.notices) {
    mkdirSync(path.dirname(path.resolve(values.notices)), { recursive: true });
    writeFileSync(values.notices, thirdPartyNotices(packages));
    console.log(`third-party notices written to ${values.notices}`);
  }
  if (!ok) process.exit(1);
}
