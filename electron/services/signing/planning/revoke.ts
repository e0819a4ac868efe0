import type { RevokePick, Selection } from '../../../../shared/signing/schemas';

/** A revoke's picks for one wallet (lower case), or null for "every allowance to the vault's contracts". */
export function picksOf(selection: Selection, wallet: string): RevokePick[] | null {
  if (!selection.revokes) return null;
  return selection.revokes.filter((p) => p.wallet.toLowerCase() === wallet);
}
