/**
 * The protocol's words for the arguments of the calls the console signs, which the contracts'
 * ABIs name tersely (`e` is the epoch a queue request is keyed by, `trancheAmount` the tranche
 * tokens a withdrawal gives back). An argument not listed is shown by its ABI name.
 */
const ARG_NAMES: Record<string, string> = {
  e: 'Epoch',
  amount: 'Amount',
  trancheAmount: 'Tranche amount',
  tranche: 'Tranche',
  spender: 'Spender',
  to: 'Recipient',
  from: 'From',
  user: 'Wallet',
};

/** The argument's name as the review shows it, e.g. "Epoch" for `e`. */
export function argLabel(abiName: string): string {
  return ARG_NAMES[abiName] ?? abiName;
}
