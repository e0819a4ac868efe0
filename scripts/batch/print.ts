import type { SigningService } from '../../electron/services/signing';
import type { SendCheck } from '../../shared/bundle/ipc';
import type { Plan, TransactionReview } from '../../shared/signing/schemas';
import { args, say } from './cli';

/** What the runner prints line by line: each item's progress, the offline review, the send checks. */

export function printProgress(signing: SigningService): void {
  const crashAfter = args['crash-after'] !== undefined ? Number(args['crash-after']) : null;
  let signedNow = 0;
  signing.subscribe((event) => {
    if (event.type !== 'item') return;
    const { item } = event;
    say(
      `${item.label} ${item.step} ${item.state}${item.tx ? ` nonce ${item.tx.nonce}` : ''}${item.hash ? ` ${item.hash}` : ''}${item.reason ? ` (${item.reason})` : ''}`,
    );
    if (item.state === 'signed' && (item.signed || item.signature)) {
      signedNow++;
      // The journal already holds the signed bytes: leave like a killed process would.
      if (crashAfter !== null && signedNow >= crashAfter) process.exit(137);
    }
  });
}

export function reviewLines(plan: Plan): string[] {
  const lines: string[] = [];
  for (const [n, item] of plan.items.entries()) {
    const r = item.review;
    if (!r) {
      lines.push(`  skip ${item.label} ${item.wallet}: ${item.reason ?? ''}`);
      continue;
    }
    if (r.kind === 'message') {
      lines.push(`  #${n + 1} ${item.label} ${item.wallet}: ${r.title} (personal_sign)`);
      continue;
    }
    lines.push(
      `  #${n + 1} ${item.label} ${item.wallet} nonce ${r.nonce}: ${r.title} — ${r.functionName} on ${r.contract.name} ${r.contract.address}; max fee ${r.fees.maxFeeDisplay}; the device shows hash ${r.signingHash}`,
    );
    lines.push(...whereMoneyGoes(r));
  }
  return lines;
}

const ROLE_WORDS: Record<string, string> = { epochVault: 'epoch vault', queue: 'queue', tranche: 'tranche token', underlying: 'underlying token', strategy: 'strategy' };

/** The call's contract and, for an approval, its spender, each with its pinned role and where the pin comes from. */
export function whereMoneyGoes(r: TransactionReview): string[] {
  const vault = r.pinned?.vaultName ?? '(not in this install\'s registry)';
  const pin = r.pinned ? `pinned on ${r.pinned.pinnedAt.slice(0, 10)}${r.pinned.checkedAtBlock ? `, checked on chain at block ${r.pinned.checkedAtBlock}` : ''}` : 'not pinned here';
  const lines = [`      call: ${ROLE_WORDS[r.contract.role] ?? r.contract.role} of ${vault} ${r.contract.address}`];
  if (r.spender) {
    lines.push(`      spender: ${ROLE_WORDS[r.spender.role] ?? r.spender.role} of ${vault} ${r.spender.address} (${pin})${r.unlimitedApproval ? ' — UNLIMITED approval, chosen explicitly' : ''}`);
  } else lines.push(`      ${pin}`);
  return lines;
}

export function problemLine(check: SendCheck): string {
  return `  ${check.label} ${check.wallet} nonce ${check.nonce}: ${check.problem ? `${check.problem.code}: ${check.problem.message} ${check.problem.action ?? ''}` : 'ready to send'}`;
}
