import type { z } from 'zod';
import { bundleChecksum, canonicalFile, firstDifferentLine } from './canonical';
import { bundleError, retiredFormat } from './errors';
import { BUNDLE_MAX_CHARS, BUNDLE_VERSION, SIGNED_BUNDLE_FORMAT, UNSIGNED_BUNDLE_FORMAT } from './schemas';

/**
 * The checks every bundle file goes through before its content is read: size, JSON, which kind of
 * bundle it is, its version, its shape; and, last, that its bytes are exactly the canonical layout
 * and that its checksum matches.
 */

type BundleKind = 'unsigned' | 'signed';

const FORMATS: Record<BundleKind, string> = { unsigned: UNSIGNED_BUNDLE_FORMAT, signed: SIGNED_BUNDLE_FORMAT };

const WRONG_KIND: Record<BundleKind, { message: string; action: string }> = {
  // Expected unsigned, got signed.
  unsigned: {
    message: 'This is a signed bundle: it goes back to the online install, which checks it and sends its transactions.',
    action: 'Import it on the online install (Import signed bundle, or the runner\'s --broadcast). Here, import an unsigned bundle.',
  },
  signed: {
    message: 'This is an unsigned bundle: nothing in it is signed yet.',
    action: 'Review and sign it on the offline install first (Import unsigned bundle, or the runner\'s --offline --sign), then import the signed bundle it saves.',
  },
};

/** Parses the text of a bundle file of the given kind, up to and including its schema. */
export function parseEnvelope<S extends z.ZodType>(text: string, kind: BundleKind, schema: S): { raw: Record<string, unknown>; bundle: z.output<S> } {
  const what = `${kind} bundle`;
  if (text.length > BUNDLE_MAX_CHARS) {
    throw bundleError(
      'BUNDLE_TOO_LARGE',
      `The file is ${Math.round(text.length / 1024 / 1024)} MB; a bundle is at most ${BUNDLE_MAX_CHARS / 1024 / 1024} MB.`,
      undefined,
      'Choose the bundle file the console saved, or split the plan into smaller batches.',
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw bundleError(
      'BUNDLE_NOT_JSON',
      `This file is not a Vaultdesk bundle: it is not valid JSON (${(err as Error).message}). It may be damaged or cut short.`,
      undefined,
      'Choose the .json file the console saved; if it is damaged, export the bundle again.',
    );
  }
  const format = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as { format?: unknown }).format : undefined;
  const other: BundleKind = kind === 'unsigned' ? 'signed' : 'unsigned';
  if (format === FORMATS[other]) throw bundleError('BUNDLE_WRONG_KIND', WRONG_KIND[kind].message, { format }, WRONG_KIND[kind].action);
  if (format !== FORMATS[kind]) {
    throw bundleError(
      'BUNDLE_NOT_A_BUNDLE',
      `This file is not a Vaultdesk ${what} (its format is ${typeof format === 'string' ? `"${format.slice(0, 60)}"` : 'missing'}).`,
      undefined,
      `Choose a file saved by the console as ${kind === 'unsigned' ? 'an' : 'a'} ${what}.`,
    );
  }
  const version = (raw as { version?: unknown }).version;
  if (version === 1) {
    // Version 1 carried no planner signature: nothing in it says who planned it.
    throw bundleError(
      'BUNDLE_UNKNOWN_VERSION',
      `This ${what} is format version 1, written by a planner that did not sign its bundles: nothing in it says who planned it. This console reads version ${BUNDLE_VERSION} only, signed by its planner.`,
      { version },
      kind === 'unsigned'
        ? 'Do not sign anything from this file. Update Vaultdesk on the online install and export the bundle again from the updated planner: its Ledger signs the plan.'
        : 'Update Vaultdesk on both installs, export the plan again from the updated planner, and have it signed offline again.',
    );
  }
  if (version === 2 || version === 3) throw retiredFormat(version, what, kind);
  if (version !== BUNDLE_VERSION) {
    const newer = typeof version === 'number' && version > BUNDLE_VERSION;
    throw bundleError(
      'BUNDLE_UNKNOWN_VERSION',
      `This ${what} is format version ${JSON.stringify(version) ?? 'none'}; this console reads version ${BUNDLE_VERSION} only.`,
      { version },
      newer
        ? 'Install the same Vaultdesk version on both machines, or export the bundle again from a console of this version.'
        : 'Export the bundle again from a console of this version.',
    );
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length ? issue.path.map(String).join('.') : 'the bundle';
    throw bundleError('BUNDLE_SCHEMA', `This ${what} does not have the expected shape: ${where}: ${issue?.message ?? 'invalid'}.`, {
      path: issue?.path.map(String) ?? [],
    });
  }
  return { raw: raw as Record<string, unknown>, bundle: parsed.data };
}

/** The checksum a bundle states must be the one of its canonical encoding. */
export function checkChecksum(raw: Record<string, unknown>, what: string): string {
  const computed = bundleChecksum(raw);
  if (raw.checksum !== computed) {
    throw bundleError(
      'BUNDLE_CHECKSUM_MISMATCH',
      `The checksum of ${what} does not match its content: it was changed after it was exported (stated ${String(raw.checksum)}, computed ${computed}).`,
      { stated: raw.checksum, computed },
    );
  }
  return computed;
}

/**
 * The file must be byte for byte the layout the console writes (a final newline may be missing):
 * a change in spacing or key order, which the checksum alone would not see, is refused too.
 */
export function checkLayout(text: string, raw: Record<string, unknown>, what: string): void {
  const expected = canonicalFile(raw);
  if (text === expected || `${text}\n` === expected) return;
  const line = firstDifferentLine(text.replace(/\n$/, ''), expected.replace(/\n$/, ''));
  throw bundleError(
    'BUNDLE_ALTERED',
    `The bytes of ${what} are not those the console wrote (first difference at line ${line}): the file was edited or converted after it was exported.`,
    { line },
  );
}
