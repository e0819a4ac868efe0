import type { RevokePick } from './schemas';
import { skip, type TxStep, type WalletFacts, type WalletPlan } from './rule-facts';

/**
 * The rule of a revoke: per allowance picked (or, with none picked, every allowance the console
 * gives to the vault's contracts), one `approve(spender, 0)` where the chain says it is not 0
 * already. Pure.
 */

type Allowance = Pick<RevokePick, 'token' | 'spender'>;

/** The allowances the console gives to a vault's contracts, and where the wallet's facts keep each. */
const VAULT_ALLOWANCES: readonly (Allowance & { fact: keyof WalletFacts['allowance'] })[] = [
  { token: 'underlying', spender: 'epochVault', fact: 'underlyingToVault' },
  { token: 'underlying', spender: 'queue', fact: 'underlyingToQueue' },
  { token: 'tranche', spender: 'withdrawQueue', fact: 'trancheToQueue' },
];

/** `hasQueue`/`hasWithdrawQueue`: a vault without one has no allowance to it to revoke. */
export function planRevokes(
  w: WalletFacts,
  picks: readonly Allowance[] | null,
  vault: { hasQueue: boolean; hasWithdrawQueue: boolean },
): WalletPlan {
  if (w.gasBalance === 0n) return skip('The wallet has no native balance to pay gas.');
  const present = VAULT_ALLOWANCES.filter((a) => (a.spender === 'queue' ? vault.hasQueue : a.spender === 'withdrawQueue' ? vault.hasWithdrawQueue : true));
  const chosen = picks === null ? present : present.filter((a) => picks.some((p) => p.token === a.token && p.spender === a.spender));
  const steps: TxStep[] = chosen
    .filter((a) => w.allowance[a.fact] > 0n)
    .map((a) => ({
      kind: 'transaction',
      step: 'approve',
      contract: a.token,
      functionName: 'approve',
      args: [a.spender, 0n],
      amount: { token: a.token, value: 0n },
      spender: a.spender,
      requestId: null,
    }));
  if (steps.length === 0) return skip('Nothing to revoke: the allowance is already 0.');
  return { ok: true, steps, notes: [] };
}
