import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { bytesToHex, type Address, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';

/** anvil's default test mnemonic: its first ten accounts are the protocol's roles. */
export const SIM_MNEMONIC = 'test test test test test test test test test test test junk';
export const SIM_DERIVATION_PATH = "m/44'/60'/0'/0";

/** Role accounts by address index (all funded by anvil at genesis). */
export const ROLE_INDEX = {
  manager: 1,
  feeReceiver: 2,
  /** Borrower of the vault at position i is index `firstBorrower + i`. */
  firstBorrower: 3,
} as const;
export const MAX_VAULTS_PER_CHAIN = 5;
/** Lender wallets start after anvil's funded accounts. */
export const FIRST_WALLET_INDEX = 10;

export interface DerivedAccount {
  index: number;
  path: string;
  address: Address;
  privateKey: Hex;
}

const parents = new Map<string, HDKey>();

function parentKey(mnemonic: string): HDKey {
  let parent = parents.get(mnemonic);
  if (!parent) {
    // The seed stretch is slow (PBKDF2); derive the account-level parent once and reuse it.
    parent = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(SIM_DERIVATION_PATH);
    parents.set(mnemonic, parent);
  }
  return parent;
}

export function deriveAccount(index: number, mnemonic = SIM_MNEMONIC): DerivedAccount {
  const child = parentKey(mnemonic).deriveChild(index);
  if (!child.privateKey) throw new Error(`No private key at index ${index}`);
  const privateKey = bytesToHex(child.privateKey);
  return { index, path: `${SIM_DERIVATION_PATH}/${index}`, address: privateKeyToAddress(privateKey), privateKey };
}

/** The account at any path of the mnemonic (`44'/60'/…` or `m/…`), e.g. the planner's. */
export function deriveAtPath(path: string, mnemonic = SIM_MNEMONIC): DerivedAccount {
  const full = path.startsWith('m/') ? path : `m/${path}`;
  const child = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(full);
  if (!child.privateKey) throw new Error(`No private key at ${full}`);
  const privateKey = bytesToHex(child.privateKey);
  return { index: -1, path: full, address: privateKeyToAddress(privateKey), privateKey };
}

export function deriveAccounts(start: number, count: number, mnemonic = SIM_MNEMONIC): DerivedAccount[] {
  return Array.from({ length: count }, (_, i) => deriveAccount(start + i, mnemonic));
}

