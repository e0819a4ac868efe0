import { listMethodNames, methods, type Namespace } from '../../shared/ipc/contract';
import type { CallContext, Handlers } from './handlers';

/** A feature's share of the handler table: some methods of some namespaces. */
export type HandlerPart = { [N in Namespace]?: Partial<Handlers[N]> };

/**
 * One part of the console: the methods of the IPC contract it serves and its life cycle. The
 * runtime only assembles features: it joins their handlers into one table, resets every one of
 * them when the console changes mode or service, and closes every one at exit.
 */
export interface Feature {
  handlers: HandlerPart;
  /** Forgets everything read from the previous source: nothing of it may be shown as current. */
  reset(): void | Promise<void>;
  close(): void | Promise<void>;
}

const nothing = () => undefined;

/** A feature from its handlers and whichever of `reset` and `close` it needs. */
export function feature(handlers: HandlerPart, life: Partial<Pick<Feature, 'reset' | 'close'>> = {}): Feature {
  return { handlers, reset: life.reset ?? nothing, close: life.close ?? nothing };
}

/** The handler table of a set of features; every contract method served exactly once. */
export function assembleHandlers(features: readonly Feature[]): Handlers {
  const table: Record<string, Record<string, unknown>> = {};
  for (const part of features.map((f) => f.handlers as Record<string, Record<string, unknown>>)) {
    for (const [namespace, group] of Object.entries(part)) {
      const served = (table[namespace] ??= {});
      for (const [method, handler] of Object.entries(group)) {
        if (served[method]) throw new Error(`Two features serve ${namespace}.${method}.`);
        served[method] = handler;
      }
    }
  }
  const missing = listMethodNames().filter((name) => {
    const [namespace, method] = name.split('.') as [string, string];
    return !table[namespace]?.[method];
  });
  if (missing.length > 0) throw new Error(`No feature serves ${missing.join(', ')}.`);
  return table as Handlers;
}

type Forwarded<H> = H extends (input: infer I, ctx: CallContext) => Promise<infer R> ? (input: I) => R | Promise<R> : never;

/** What a namespace's handlers can forward to: one method per contract method, taking its input. */
export type ForwardTarget<N extends Namespace> = { [M in keyof Handlers[N]]: Forwarded<Handlers[N][M]> };

/**
 * Handlers generated from the contract for a namespace whose methods only forward: each calls the
 * same-named method of the target (looked up at every call, so it may change with the mode).
 */
export function forward<N extends Namespace>(namespace: N, target: () => ForwardTarget<N> | Promise<ForwardTarget<N>>): Handlers[N] {
  const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const method of Object.keys(methods[namespace])) {
    handlers[method] = async (input) => ((await target()) as unknown as Record<string, (i: unknown) => unknown>)[method]!(input);
  }
  return handlers as unknown as Handlers[N];
}
