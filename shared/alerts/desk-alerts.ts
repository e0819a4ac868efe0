import { isOverdue } from '../domain/schedule';
import type { Portfolio, PortfolioVault } from '../portfolio/schemas';

/**
 * What the desk is told about without looking: the epoch windows and changes of the batch's vaults,
 * found by comparing two refreshes of the portfolio (or one, for what is true at a moment: an epoch
 * about to end, a request overdue). Pure: the console's bell and OS notifications and the `status
 * --watch` command read the same alerts.
 */
export const ALERT_KINDS = ['epoch-ending', 'epoch-ended', 'epoch-started', 'claims-ready', 'vault-stopped', 'request-overdue'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Each kind as the settings list it (each can be turned off). */
export const ALERT_KIND_WORDS: Record<AlertKind, string> = {
  'epoch-ending': 'An epoch ends within a day (last hours to cancel a request before it is processed)',
  'epoch-ended': 'An epoch ended (its requests are being processed)',
  'epoch-started': 'An epoch started (new requests wait for the next one)',
  'claims-ready': 'Claims became claimable for the batch',
  'vault-stopped': 'A vault defaulted or was paused',
  'request-overdue': "A request's expected date passed by the chain's clock",
};

/** How long before its end an epoch is announced. */
const EPOCH_ENDING_NOTICE_S = 24 * 3600;

export interface DeskAlert {
  /** Stable for one event (kind, vault, epoch or request): an alert is raised once per id. */
  id: string;
  kind: AlertKind;
  vaultId: string;
  vaultName: string;
  /** The chain's time of the refresh that found it (unix seconds). */
  at: number;
  title: string;
  detail: string;
}

const hours = (s: number) => (s < 3600 ? `${Math.max(1, Math.round(s / 60))} min` : `${Math.round(s / 3600)} h`);

/**
 * Claims that became claimable in a vault between two refreshes, counted per wallet the first one
 * knew (a wallet added to the batch, or a pair the first refresh could not read, brings no news),
 * and how many the batch can make there now.
 */
function newClaims(prev: Portfolio, next: Portfolio, vaultId: string): { added: number; total: number } {
  const before = new Map(prev.positions.filter((p) => p.vaultId === vaultId && !p.stale).map((p) => [p.wallet.toLowerCase(), p.claimable.length]));
  let added = 0;
  let total = 0;
  for (const p of next.positions) {
    if (p.vaultId !== vaultId) continue;
    total += p.claimable.length;
    const was = before.get(p.wallet.toLowerCase());
    if (was !== undefined && !p.stale) added += Math.max(0, p.claimable.length - was);
  }
  return { added, total };
}

function vaultAlerts(vault: PortfolioVault, before: PortfolioVault | undefined, next: Portfolio, prev: Portfolio | null): DeskAlert[] {
  const cycle = vault.cycle;
  if (!cycle) return [];
  const out: DeskAlert[] = [];
  const base = { vaultId: vault.id, vaultName: vault.name, at: cycle.asOf };
  const was = before?.cycle ?? null;
  const running = cycle.state === 'RUNNING';
  const epoch = cycle.epochNumber + (running ? 1 : 0);

  if (running && cycle.epochEnd !== null) {
    const left = cycle.epochEnd - cycle.asOf;
    if (left > 0 && left <= EPOCH_ENDING_NOTICE_S) {
      out.push({
        ...base,
        id: `epoch-ending:${vault.id}:${epoch}`,
        kind: 'epoch-ending',
        title: `${vault.name}: epoch ${epoch} ends in ${hours(left)}`,
        detail: 'Requests still pending are processed when it stops; cancel one before then if it should not be.',
      });
    }
  }
  // Transitions need the refresh before: a console that just started says nothing of what changed before it.
  if (was && prev) {
    const wasRunning = was.state === 'RUNNING' || was.state === 'RUNNING_PAST_END';
    if (running && (!wasRunning || was.epochStart !== cycle.epochStart)) {
      out.push({
        ...base,
        id: `epoch-started:${vault.id}:${epoch}`,
        kind: 'epoch-started',
        title: `${vault.name}: epoch ${epoch} started`,
        detail: `Requests made now are queued for epoch ${cycle.requestEpoch}.`,
      });
    }
    if (cycle.state === 'WAITING' && wasRunning) {
      out.push({
        ...base,
        id: `epoch-ended:${vault.id}:${cycle.epochNumber}`,
        kind: 'epoch-ended',
        title: `${vault.name}: epoch ${cycle.epochNumber} ended`,
        detail: 'Its requests are processed in the buffer before the next epoch starts.',
      });
    }
    if (cycle.state === 'DEFAULTED' && was.state !== 'DEFAULTED') {
      out.push({ ...base, id: `vault-stopped:${vault.id}:defaulted`, kind: 'vault-stopped', title: `${vault.name} defaulted`, detail: 'Deposits and withdrawals stop; check the vault page.' });
    }
    // The vault pauses itself when an epoch starts (deposits then go through the queue) and unpauses
    // when it stops: a pause is news only when the epoch did not change with it.
    if (cycle.paused && !was.paused && cycle.state === was.state && cycle.epochStart === was.epochStart) {
      out.push({
        ...base,
        id: `vault-stopped:${vault.id}:paused:${cycle.asOf}`,
        kind: 'vault-stopped',
        title: `${vault.name} was paused`,
        detail: 'Its contracts refuse requests and claims until it is unpaused.',
      });
    }
    const claims = newClaims(prev, next, vault.id);
    if (claims.added > 0) {
      out.push({
        ...base,
        id: `claims-ready:${vault.id}:${cycle.epochNumber}:${claims.total}`,
        kind: 'claims-ready',
        title: `${vault.name}: ${claims.added} new claim${claims.added === 1 ? '' : 's'} for the batch`,
        detail: `${claims.total} in all can be made now (Requests → only what can be done now).`,
      });
    }
  }
  return out;
}

/** The alerts a refresh raises, given the one before it (null for the first). */
export function detectAlerts(prev: Portfolio | null, next: Portfolio): DeskAlert[] {
  const before = new Map((prev?.vaults ?? []).map((v) => [v.id, v]));
  const alerts = next.vaults.flatMap((v) => vaultAlerts(v, before.get(v.id), next, prev));
  const vaults = new Map(next.vaults.map((v) => [v.id, v]));
  for (const r of next.requests) {
    const vault = vaults.get(r.vaultId);
    const now = vault?.cycle?.asOf;
    if (!vault || now === undefined || (r.phase !== 'pending' && r.phase !== 'processed') || !isOverdue(r.expectedAt, now)) continue;
    alerts.push({
      id: `request-overdue:${r.id}`,
      kind: 'request-overdue',
      vaultId: vault.id,
      vaultName: vault.name,
      at: now,
      title: `${vault.name}: a ${r.type.toLowerCase()} request is overdue`,
      detail: `Expected by the chain's clock and not yet ${r.phase === 'processed' ? 'claimable' : 'processed'}: the manager's step is late.`,
    });
  }
  return alerts;
}
