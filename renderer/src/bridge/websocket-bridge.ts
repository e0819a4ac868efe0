import type { BridgeApi } from '../../../shared/ipc/bridge';
import { buildBridgeApi } from '../../../shared/ipc/build-bridge';
import type { Result } from '../../../shared/ipc/result';

const TOKEN_KEY = 'vaultdesk.shellToken';

/**
 * The browser shell's bridge: the same named methods, carried over a WebSocket to the shell that
 * served this page. The launch token arrives in the URL fragment; it is moved to session storage
 * and removed from the address bar so it is not copied around with the URL.
 */
export async function connectWebSocketBridge(): Promise<BridgeApi> {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (fromHash) {
    sessionStorage.setItem(TOKEN_KEY, fromHash);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  const token = sessionStorage.getItem(TOKEN_KEY) ?? '';
  const url = `${window.location.origin.replace(/^http/, 'ws')}/bridge?token=${encodeURIComponent(token)}`;

  const pending = new Map<number, (r: Result<unknown>) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;

  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener(
      'error',
      () => reject(new Error('Could not reach the console shell. Start it with `npm run start:browser` and open the link it prints.')),
      { once: true },
    );
  });
  socket.addEventListener('message', (msg) => {
    const frame = JSON.parse(String(msg.data)) as { id?: number; result?: Result<unknown>; event?: string; payload?: unknown };
    if (typeof frame.id === 'number' && frame.result) {
      pending.get(frame.id)?.(frame.result);
      pending.delete(frame.id);
    } else if (frame.event) {
      for (const l of listeners.get(frame.event) ?? []) l(frame.payload);
    }
  });
  socket.addEventListener('close', () => {
    for (const resolve of pending.values()) {
      resolve({ ok: false, error: { code: 'BRIDGE_CLOSED', message: 'The connection to the console shell was lost.', action: 'Restart the shell and reload this page.' } });
    }
    pending.clear();
  });

  return buildBridgeApi(
    (method, input) =>
      new Promise((resolve) => {
        if (socket.readyState !== WebSocket.OPEN) {
          resolve({ ok: false, error: { code: 'BRIDGE_CLOSED', message: 'The connection to the console shell was lost.', action: 'Restart the shell and reload this page.' } });
          return;
        }
        const id = nextId++;
        pending.set(id, resolve);
        socket.send(JSON.stringify({ id, method, input }));
      }),
    (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  );
}
