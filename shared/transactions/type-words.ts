/**
 * The protocol's transaction types (39 in its client) in the words and units the Requests screen
 * uses for the same request, so that a withdrawal reads "Withdraw request 2,041.00 AA_alpha" on
 * both screens, and a cancel is a cancel. `moves`: which of the record's amounts is shown —
 * `tranche` its `amount` (tranche tokens), `underlying` its `tokenAmount`. A type not listed is
 * shown in the underlying, in its own words (enums are open).
 */
interface TransactionTypeWords {
  words: string;
  moves: 'underlying' | 'tranche';
}

const TYPES: Record<string, TransactionTypeWords> = {
  DEPOSIT: { words: 'Deposit', moves: 'underlying' },
  REQUEST_DEPOSIT: { words: 'Deposit request', moves: 'underlying' },
  REQUEST_WITHDRAW: { words: 'Withdraw request', moves: 'tranche' },
  // A redeem between epochs burns tranche tokens: the Requests screen counts its receipt in the underlying.
  WITHDRAW: { words: 'Redeem request', moves: 'underlying' },
  CLAIM_DEPOSIT_REQUEST: { words: 'Claim deposit', moves: 'tranche' },
  CLAIM_WITHDRAW_REQUEST: { words: 'Claim withdrawal', moves: 'underlying' },
  CLAIM_INSTANT_WITHDRAW: { words: 'Claim instant redeem', moves: 'underlying' },
  CLAIM_WITHDRAW: { words: 'Claim redeem', moves: 'underlying' },
  DELETE_DEPOSIT_REQUEST: { words: 'Cancel deposit', moves: 'underlying' },
  DELETE_WITHDRAW_REQUEST: { words: 'Cancel withdrawal', moves: 'tranche' },
};

const asWords = (s: string) => s.charAt(0) + s.slice(1).toLowerCase().replace(/_/g, ' ');

export function transactionTypeWords(type: string): TransactionTypeWords {
  return TYPES[type] ?? { words: asWords(type), moves: 'underlying' };
}
