import type { z } from 'zod';
import type { MethodResult, Methods, Namespace } from '../../shared/ipc/contract';

type InputOf<N extends Namespace, M extends keyof Methods[N]> = Methods[N][M] extends { input: infer I extends z.ZodType }
  ? z.output<I>
  : never;

/** Who called: the transports fill this in after their own sender check. */
export interface CallContext {
  transport: 'electron' | 'browser';
}

/**
 * The handler table: one async function per contract method. Handlers receive an input that has
 * already been parsed by the contract's schema and may throw `AppError`s; the dispatcher turns
 * everything into tagged results.
 */
export type Handlers = {
  [N in Namespace]: {
    [M in keyof Methods[N]]: (input: InputOf<N, M>, ctx: CallContext) => Promise<MethodResult<N, M>>;
  };
};
