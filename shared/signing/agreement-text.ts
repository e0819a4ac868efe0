/**
 * The text of a lender agreement is whatever the service sends, and a personal_sign over it is a
 * signature the wallet cannot take back. A hostile service could send a sign-in message for
 * another site (EIP-4361, "Sign-In with Ethereum") and use the signature there. So before an
 * agreement is planned, its text is read for what an honest agreement never needs:
 * - characters a reader cannot see (format, invisible, control): the text signed would not be the
 *   text read, on the screen or on the device;
 * - the shape of a sign-in message: its opening sentence, its field lines (URI, Nonce, Chain ID,
 *   Issued At…), or the words of any login ("sign in", "log in", "nonce"), which an agreement to
 *   a vault's terms never needs and a site's login always has;
 * - a web domain other than the sites known for this vault and the service the console reads;
 * - anything that resembles a message of Vaultdesk itself (the planner's bundle text of formats 2
 *   and 3, a plan hash, the Vaultdesk domain with a hash): a signature over it must never be able to
 *   pass for the planner's, whatever key or scheme the planner uses.
 * Pure.
 */
import { getDomain } from 'tldts';
import { INVISIBLE, plainText } from '../bundles/plain-text';

/** The sentence EIP-4361 puts after the requesting domain. */
const SIGN_IN_SENTENCE = /wants you to sign in with your ethereum account/i;

/** The field lines of an EIP-4361 message; two of them make a text a sign-in message. */
const SIGN_IN_FIELDS = [
  'URI',
  'Version',
  'Chain ID',
  'Nonce',
  'Issued At',
  'Expiration Time',
  'Not Before',
  'Request ID',
  'Resources',
] as const;

/** File extensions a text may name that are not web domains ("terms.pdf" is a document, not a site). */
const DOCUMENT_EXTENSIONS = new Set([
  'pdf',
  'doc',
  'docx',
  'txt',
  'md',
  'html',
  'htm',
  'json',
  'png',
  'jpg',
  'jpeg',
  'svg',
  'csv',
  'xls',
  'xlsx',
  'sol',
]);

type AgreementTextVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether a wallet may sign this agreement text. `knownHosts` are the hosts this agreement may
 * name: the service's own, the vault's KYC page, the chain's explorer. A host counts as known when
 * it shares its site (registrable domain, see `siteOf`) with one of them, so docs.vaultline.example
 * is known when kyc.vaultline.example is, and other.github.io is not when project.github.io is.
 */
export function checkAgreementText(text: string, knownHosts: readonly string[]): AgreementTextVerdict {
  const vaultdesk = vaultdeskMarks(text);
  if (vaultdesk.length > 0) {
    return {
      ok: false,
      reason: `Its text resembles a message of Vaultdesk itself (it has ${vaultdesk.join(', ')}): a signature over it could be passed off as the planner's signature of a bundle. No honest agreement names Vaultdesk's own messages.`,
    };
  }
  const unseen = unseenCharacters(text);
  if (unseen.length > 0) {
    return {
      ok: false,
      reason: `Its text holds characters a reader cannot see (${unseen.join(', ')}): what you read on the screen or the Ledger would not be exactly what is signed. An honest agreement is plain text.`,
    };
  }
  const signIn = signInMarks(text);
  if (signIn.length > 0) {
    return { ok: false, reason: `Its text looks like a sign-in message for a website (it has ${signIn.join(', ')}), not an agreement.` };
  }
  const known = new Set(knownHosts.map((h) => siteOf(h.toLowerCase())));
  const foreign = [...new Set(namedHosts(text))].filter((h) => !known.has(siteOf(h)));
  if (foreign.length > 0) {
    const names = foreign.map((h) => `"${h}"`).join(', ');
    const knownList = knownHosts.length ? knownHosts.join(', ') : 'none';
    return {
      ok: false,
      reason: `Its text names ${names}, which is not the service's host nor a site known for this vault (known: ${knownList}).`,
    };
  }
  return { ok: true };
}

/**
 * What makes a text look like a message of Vaultdesk's own, in the words an operator can find in it:
 * - "Vaultdesk unsigned bundle" (the planner's text up to format 3), or "Vaultdesk signed bundle";
 * - a bundle format's name, `vaultdesk.unsigned-bundle` or `vaultdesk.signed-bundle`;
 * - `sha256:` followed by 64 hex digits (how a plan hash or a checksum is written);
 * - "Vaultdesk" and a 32-byte hash (64 hex digits, with or without 0x) in the same text: the
 *   planner's domain with a hash to sign.
 * The text is read as the device would show it and as a reader would: format and invisible
 * characters removed, compatibility forms folded (a full-width "ｓｈａ２５６" is sha256), any run of
 * spaces or punctuation between the words counted as one.
 */
export function vaultdeskMarks(text: string): string[] {
  const folded = text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase();
  const marks: string[] = [];
  if (/vaultdesk[\s\p{P}]*(?:un)?signed[\s\p{P}]*bundle/u.test(folded)) marks.push('"Vaultdesk unsigned bundle"');
  if (/vaultdesk\.(?:un)?signed-bundle/.test(folded)) marks.push("a Vaultdesk bundle format's name");
  if (/sha[\s-]*256\s*:\s*(?:0x)?[0-9a-f]{64}/.test(folded)) marks.push('"sha256:" and a 64-digit hash');
  else if (/vaultdesk/.test(folded) && /(?<![0-9a-f])(?:0x)?[0-9a-f]{64}(?![0-9a-f])/.test(folded)) marks.push('the name Vaultdesk with a 32-byte hash');
  return marks;
}

/**
 * What makes the text look like a login: an EIP-4361 message's sentence or field lines, or the
 * words any login uses ("Sign in to Evil Exchange\nNonce: 8f3Kq0x9" names no domain and has one
 * field line, yet is a login), in the words an operator can find in it.
 */
function signInMarks(text: string): string[] {
  const marks: string[] = [];
  if (SIGN_IN_SENTENCE.test(text)) marks.push('"wants you to sign in with your Ethereum account"');
  const fields = SIGN_IN_FIELDS.filter((f) => new RegExp(`^\\s*${f}:`, 'im').test(text));
  // One such line may occur in honest prose; two or more is the message's structure.
  if (fields.length >= 2 || (marks.length > 0 && fields.length > 0)) marks.push(`the lines ${fields.map((f) => `"${f}:"`).join(', ')}`);
  if (marks.length === 0) {
    // Read in the prose only: a host or address the text names (login.example.co.uk) is the domain check's.
    const prose = text.replace(/\S+\.\S+/g, ' ');
    const words = LOGIN_WORDS.filter(([, pattern]) => pattern.test(prose)).map(([word]) => `"${word}"`);
    if (words.length > 0) marks.push(`the words ${words.join(', ')}`);
  }
  return marks;
}

/** The words of a login, any spelling ("sign-in", "signin", "log on", "login"). */
const LOGIN_WORDS: readonly (readonly [string, RegExp])[] = [
  ['sign in', /\bsign[\s_-]*(?:in|on)\b/i],
  ['log in', /\blog[\s_-]*(?:in|on)\b/i],
  ['nonce', /\bnonce\b/i],
];

/** The characters of a text a reader cannot see, as code points ("U+200B"), each once. */
function unseenCharacters(text: string): string[] {
  const found = new Set<string>();
  const chars = [...text];
  chars.forEach((ch, i) => {
    // A carriage return right before a newline is a CRLF line break, which the text keeps.
    if (ch === '\r' && chars[i + 1] === '\n') return;
    if (plainText(ch, { multiline: true }) !== ch) found.add(`U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  });
  return [...found];
}

/** The hosts a text names, lower case: in URLs (any scheme), e-mail addresses, and bare domain names. */
export function namedHosts(text: string): string[] {
  const hosts: string[] = [];
  const lower = text.toLowerCase();
  // URLs: whatever follows "scheme://" up to a path, port, query or space (credentials dropped).
  for (const m of lower.matchAll(/[a-z][a-z0-9+.-]*:\/\/(?:[^\s/?#@]*@)?(\[[^\]\s]*\]|[^\s/?#:]+)/g)) hosts.push(trimHost(m[1]!));
  // Bare names and e-mail domains: labels of letters, digits and hyphens ending in a letter label.
  for (const m of lower.matchAll(/(?<![a-z0-9.-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]+)(?![a-z0-9-])/g)) {
    const host = m[0];
    if (!DOCUMENT_EXTENSIONS.has(host.split('.').at(-1)!)) hosts.push(host);
  }
  return [...new Set(hosts.filter((h) => h.length > 0))];
}

const trimHost = (host: string) => host.replace(/\.+$/, '');

/**
 * The site a host belongs to: its registrable domain per the public-suffix list (tldts), the
 * private section included, so `a.github.io` and `b.github.io` are two sites (two owners) while
 * `login.example.co.uk` and `docs.example.co.uk` are one. An IP address, or a name with no
 * registrable domain (`localhost`, a bare suffix), is its own site.
 */
export function siteOf(host: string): string {
  const trimmed = trimHost(host.toLowerCase());
  return getDomain(trimmed, { allowPrivateDomains: true }) ?? trimmed;
}
