import { AppError } from '../errors';
import { PLANNER_PATH } from '../device/paths';
import { bundleError } from './errors';
import { publicDevAccount } from './public-keys';

/**
 * Whose planner signature the offline install accepts, on a bundle or on a registry file: an
 * address in its trusted planners, never a public development key (anyone can sign with one)
 * unless a demo run trusts it in memory for that run.
 */

export interface TrustedPlanner {
  address: string;
  label: string;
  /**
   * Trusted in memory for this run only, by a demo run (`--sim`: the simulation's planner, which is a
   * public key): the only way a public development key is ever trusted. Never read from a file.
   */
  demo?: boolean;
}

/** What the planner signed: an unsigned bundle, or the vault registry exported for the offline install. */
type PlannerSubject = 'bundle' | 'registry';

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

const WORDS: Record<PlannerSubject, { what: string; code: { unknown: string; public: string }; again: string }> = {
  bundle: {
    what: 'This bundle was planned and signed by',
    code: { unknown: 'BUNDLE_PLANNER_UNKNOWN', public: 'BUNDLE_PLANNER_PUBLIC_KEY' },
    again: 'open the bundle again',
  },
  registry: {
    what: 'This registry file was signed by',
    code: { unknown: 'REGISTRY_PLANNER_UNKNOWN', public: 'REGISTRY_PLANNER_PUBLIC_KEY' },
    again: 'import the registry file again',
  },
};

function refusal(subject: PlannerSubject, code: string, message: string, action: string, details: Record<string, unknown>): AppError {
  // Bundle refusals keep the bundle codes' own constructor (their list is in errors.ts).
  return subject === 'bundle'
    ? bundleError(code as Parameters<typeof bundleError>[0], message, details, action)
    : new AppError({ code, message, action, details });
}

/**
 * The planner must be one this install trusts. Throws, naming the address: `*_PLANNER_PUBLIC_KEY`
 * for a public development key not trusted in memory by a demo run (whatever a file says), and
 * `*_PLANNER_UNKNOWN` for any other address not in the list, saying where to add it after
 * comparing it on the planner's device.
 */
export function checkPlannerTrusted(signer: string, trusted: readonly TrustedPlanner[], subject: PlannerSubject = 'bundle'): TrustedPlanner {
  const words = WORDS[subject];
  const found = trusted.find((p) => p.address.toLowerCase() === signer.toLowerCase());
  const publicKey = publicDevAccount(signer);
  if (publicKey && !found?.demo) {
    throw refusal(
      subject,
      words.code.public,
      `${words.what} ${signer}, ${publicKey}: anyone can sign with that key, so its signature says nothing about who made the file. It is trusted only in memory by a demo run (--sim), never by this install${
        found ? ', although its trusted planners list it' : ''
      }.`,
      `Do not sign or import anything from this file. Plan and export it again on an online install whose planner account is on a Ledger of your own${
        found ? `, and remove ${short(signer)} from Settings → Trusted planners (trusted-planners.json)` : ''
      }.`,
      { planner: signer, publicKey },
    );
  }
  if (found) return found;
  // Listed as the planners this install trusts: a public key in the file is not one of them.
  const listed = trusted.filter((p) => p.demo || !publicDevAccount(p.address));
  throw refusal(
    subject,
    words.code.unknown,
    `${words.what} ${signer} (${short(signer)}), which is not among this install's trusted planners${
      listed.length ? ` (${listed.map((p) => `${p.label} ${short(p.address)}`).join(', ')})` : ' (none yet)'
    }.`,
    `Do not sign anything from this file unless you know this planner. If it is yours, compare ${signer} with the address its Ledger shows at ${PLANNER_PATH}, add it in Settings → Trusted planners (headless: --trust-planner ${signer}), and ${words.again}.`,
    { planner: signer },
  );
}
