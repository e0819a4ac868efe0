import { AppError } from '../errors';

/**
 * Why a bundle is refused. Every refusal has its own code, a message that names what differs
 * (which item, which field, what was stated and what was found) and what to do about it.
 */
export const BUNDLE_ERROR_CODES = [
  'BUNDLE_TOO_LARGE',
  'BUNDLE_NOT_JSON',
  'BUNDLE_NOT_A_BUNDLE',
  'BUNDLE_WRONG_KIND',
  'BUNDLE_UNKNOWN_VERSION',
  /** Format 2 or 3: its planner signature is a personal_sign, which a lender agreement could obtain; export it again. */
  'BUNDLE_FORMAT_RETIRED',
  'BUNDLE_SCHEMA',
  /** The file's bytes are not the layout the console writes (edited by hand or by a tool). */
  'BUNDLE_ALTERED',
  'BUNDLE_CHECKSUM_MISMATCH',
  'BUNDLE_TX_REORDERED',
  'BUNDLE_TX_DROPPED',
  'BUNDLE_WRONG_CHAIN',
  /** The calldata does not do what the item states (function, argument, contract, amount, value). */
  'BUNDLE_CALLDATA_MISMATCH',
  /** The review shown to the operator does not describe the transaction (fees, hash, screens, texts). */
  'BUNDLE_REVIEW_MISMATCH',
  'BUNDLE_INCONSISTENT',
  /** A signed transaction is not exactly the reviewed draft. */
  'BUNDLE_SIGNED_MISMATCH',
  'BUNDLE_WRONG_SIGNER',
  'BUNDLE_UNSIGNED_MISMATCH',
  /** (offline) The bundle's vault is not in this install's own registry. */
  'BUNDLE_VAULT_NOT_PINNED',
  /** (offline) The bundle names another chain, address, token or name than this install's registry pins. */
  'BUNDLE_REGISTRY_MISMATCH',
  /** (offline) Outside this install's offline policy (chains, fees, approvals, amounts). */
  'BUNDLE_POLICY',
  /** (offline) The planner signature is missing, invalid, or does not match the content (changed after it was signed). */
  'BUNDLE_PLANNER_SIGNATURE',
  /** (offline) Signed by a planner that is not in this install's list of trusted planners. */
  'BUNDLE_PLANNER_UNKNOWN',
  /** (offline) Signed by a public development key (anvil/Hardhat's test mnemonic), trusted only in memory by a demo run. */
  'BUNDLE_PLANNER_PUBLIC_KEY',
  /** The planner's simulation names items, wallets or chains the bundle does not hold (a fault of the planner). */
  'BUNDLE_SIMULATION_MISMATCH',
  /** An agreement whose text could pass for something else: a Vaultdesk message, a sign-in, a foreign site. */
  'BUNDLE_AGREEMENT_REFUSED',
  /** A wallet of the bundle sits at the planner's path, which signs bundles and nothing else. */
  'BUNDLE_PLANNER_PATH',
  /** (online) A signed bundle that answers no plan this install exported. */
  'BUNDLE_FOREIGN_PLAN',
] as const;
type BundleErrorCode = (typeof BUNDLE_ERROR_CODES)[number];

/** For a bundle whose content cannot be trusted: nothing in it may be signed or sent. */
const REEXPORT_ACTION = 'Do not sign or send anything from this file. Export the bundle again on the online install and carry the new file.';

export function bundleError(code: BundleErrorCode, message: string, details?: Record<string, unknown>, action = REEXPORT_ACTION): AppError {
  return new AppError({ code, message, action, ...(details ? { details } : {}) });
}

/**
 * Formats 2 and 3 were signed by their planner with personal_sign, the signature a lender agreement
 * also gives: a service could obtain one for a bundle of its own. No such bundle is read any more.
 */
export function retiredFormat(version: 2 | 3, what: string, kind: 'unsigned' | 'signed'): AppError {
  return bundleError(
    'BUNDLE_FORMAT_RETIRED',
    `This ${what} is format version ${version}: its planner signed it with personal_sign, a signature a service can also obtain as a lender agreement, so nothing can tell it from a forged one. This console reads format version 4 only, whose planner signs EIP-712 typed data at its own Ledger account.`,
    { version },
    kind === 'unsigned'
      ? 'Do not sign anything from this file. Update Vaultdesk on the online install, export the bundle again there (its Ledger signs the plan as the planner), and carry the new file.'
      : 'Do not send anything from this file. Export the plan again on the updated online install, have it signed offline again, and bring back the new signed bundle.',
  );
}

/** "Transaction 3 (W2 0x70997970…, nonce 14)": how an item is named in a refusal. */
export function itemName(item: { index: number; kind: string; wallet: { label: string; address: string } }, nonce?: number): string {
  const what = item.kind === 'message' ? 'Agreement' : 'Transaction';
  const wallet = `${item.wallet.label ? `${item.wallet.label} ` : ''}${item.wallet.address.slice(0, 10)}…`;
  return `${what} ${item.index + 1} (${wallet}${nonce !== undefined ? `, nonce ${nonce}` : ''})`;
}

/** A refusal naming the item, the field, and the two values that differ. */
export function differs(
  code: BundleErrorCode,
  item: { index: number; kind: string; wallet: { label: string; address: string } },
  nonce: number | undefined,
  field: string,
  stated: string,
  found: string,
  foundWhere: string,
): AppError {
  return bundleError(code, `${itemName(item, nonce)}: ${field} is stated as ${stated}, but ${foundWhere} says ${found}.`, {
    index: item.index,
    wallet: item.wallet.address,
    field,
    stated,
    found,
  });
}
