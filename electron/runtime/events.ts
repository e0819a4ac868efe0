import type { EventName, EventPayload } from '../../shared/ipc/contract';
import type { ConsoleRuntime } from './options';

/** The console's events, told to every window (and test) listening: one hub, made before anything can report. */
export function createEventHub() {
  const listeners = new Set<(name: EventName, payload: unknown) => void>();
  const emit = <E extends EventName>(name: E, payload: EventPayload<E>) => {
    for (const l of listeners) l(name, payload);
  };
  const onEvent: ConsoleRuntime['onEvent'] = (listener) => {
    const l = listener as (name: EventName, payload: unknown) => void;
    listeners.add(l);
    return () => listeners.delete(l);
  };
  return { emit, onEvent };
}
