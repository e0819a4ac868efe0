import { parseAmount } from '../../../../shared/domain/units';
import type { Selection } from '../../../../shared/signing/schemas';
import type { PlanFacts } from './facts';

/**
 * The amount each wallet of a selection is planned with: the one amount of the form for every
 * wallet, or, for a deposit from the operator's CSV, the wallet's own line for this vault. A CSV
 * amount is read again here with the decimals of the pinned registry: a line the token cannot
 * represent, or a wallet without a line, is skipped with the reason rather than rounded.
 */
type WalletAmount = { amount: bigint | 'all' | null } | { reason: string };

export function walletAmountsFor(
  selection: Selection,
  facts: Pick<PlanFacts, 'vault'>,
  selected: () => bigint | 'all' | null,
): (wallet: string) => WalletAmount {
  const own = selection.action === 'deposit' ? selection.walletAmounts?.filter((a) => a.vaultId === selection.vaultId) : undefined;
  if (!own || own.length === 0) {
    const amount = selected();
    return () => ({ amount });
  }
  const byWallet = new Map(own.map((a) => [a.wallet.toLowerCase(), a.amount]));
  const token = facts.vault.underlying;
  return (wallet) => {
    const text = byWallet.get(wallet.toLowerCase());
    if (text === undefined) return { reason: `The amounts file gives this wallet no amount in ${facts.vault.name}.` };
    const parsed = parseAmount(text, token.decimals);
    if (!parsed.ok) return { reason: `The amount ${text} ${token.symbol} from the amounts file cannot be deposited: ${parsed.reason}` };
    return { amount: BigInt(parsed.baseUnits) };
  };
}
