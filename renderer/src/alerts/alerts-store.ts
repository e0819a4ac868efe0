import { create } from 'zustand';
import { ALERT_KINDS, detectAlerts, type AlertKind, type DeskAlert } from '../../../shared/alerts/desk-alerts';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { call, getBridge } from '../bridge';

/** Alerts kept in the list (newest first); older ones drop off. */
const KEPT = 100;
/** More new alerts than this in one refresh become one OS notification, not a storm of them. */
const NOTIFY_ONE_BY_ONE = 3;

interface ShownAlert extends DeskAlert {
  /** When this window raised it (machine time, ms). */
  raisedAtMs: number;
}

interface AlertsState {
  /** Each kind on or off; kept in this window's storage like the theme (a preference of the desk's screen). */
  enabled: Record<AlertKind, boolean>;
  alerts: ShownAlert[];
  unread: number;
  setEnabled(kind: AlertKind, on: boolean): void;
  markRead(): void;
  /** Compares a refresh with the one before (same batch) and raises what is new. */
  observe(prev: Portfolio | null, next: Portfolio): void;
}

const KEY = 'vaultdesk.alerts';
const allOn = () => Object.fromEntries(ALERT_KINDS.map((k) => [k, true])) as Record<AlertKind, boolean>;

function stored(): Record<AlertKind, boolean> {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Record<AlertKind, unknown>>;
    return Object.fromEntries(ALERT_KINDS.map((k) => [k, raw[k] !== false])) as Record<AlertKind, boolean>;
  } catch {
    return allOn();
  }
}

/** Raised ids of this run: an event is told once, however many refreshes still show it. */
const raised = new Set<string>();

function notify(fresh: DeskAlert[]): void {
  const send = (title: string, body: string) => void call(getBridge().system.notify({ title: title.slice(0, 160), body: body.slice(0, 400) })).catch(() => undefined);
  if (fresh.length <= NOTIFY_ONE_BY_ONE) for (const a of fresh) send(a.title, a.detail);
  else send(`${fresh.length} alerts for the batch's vaults`, fresh.map((a) => a.title).join('\n'));
}

export const useAlertsStore = create<AlertsState>((set, get) => ({
  enabled: stored(),
  alerts: [],
  unread: 0,
  setEnabled(kind, on) {
    const enabled = { ...get().enabled, [kind]: on };
    try {
      localStorage.setItem(KEY, JSON.stringify(enabled));
    } catch {
      // Storage refused (a private window): the choice holds until the window closes.
    }
    set({ enabled });
  },
  markRead() {
    set({ unread: 0 });
  },
  observe(prev, next) {
    const { enabled } = get();
    const fresh = detectAlerts(prev, next).filter((a) => enabled[a.kind] && !raised.has(a.id));
    if (fresh.length === 0) return;
    for (const a of fresh) raised.add(a.id);
    const now = Date.now();
    set((s) => ({ alerts: [...fresh.map((a) => ({ ...a, raisedAtMs: now })), ...s.alerts].slice(0, KEPT), unread: s.unread + fresh.length }));
    notify(fresh);
  },
}));
