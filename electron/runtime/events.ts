import { events, type EventName, type EventPayload } from '../../shared/ipc/contract';
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

/**
 * The same subscription, which first hands a new listener the payloads of `name` kept for it: a
 * window that subscribes after an event went out still gets the last answer (checked as sent).
 */
export function replaying<E extends EventName>(onEvent: ConsoleRuntime['onEvent'], name: E, kept: () => EventPayload<E>[]): ConsoleRuntime['onEvent'] {
  return (listener) => {
    const off = onEvent(listener);
    for (const payload of kept()) (listener as (name: EventName, payload: unknown) => void)(name, events[name].parse(payload));
    return off;
  };
}
