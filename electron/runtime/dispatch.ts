import { lookupMethod } from '../../shared/ipc/contract';
import { isAppError, type AppErrorData } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/ipc/result';
import { toWire, type WireResult } from '../../shared/ipc/wire';
import type { CallContext, Handlers } from './handlers';

export interface DispatchLog {
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * Runs one call from any transport: looks the method up in the contract, parses the payload with
 * its input schema, calls the handler, checks the value against the result schema, and wraps it
 * all in a tagged result. Nothing thrown escapes; an unexpected error is logged (message only,
 * never the payload, which may hold a key) and reported as INTERNAL.
 */
export async function dispatch(
  handlers: Handlers,
  method: string,
  payload: unknown,
  ctx: CallContext,
  log?: DispatchLog,
): Promise<Result<unknown>> {
  const def = lookupMethod(method);
  if (!def) {
    return fail({ code: 'IPC_UNKNOWN_METHOD', message: `The console has no method named "${String(method).slice(0, 80)}".` });
  }
  const parsed = def.input.safeParse(payload ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
    const field = issue?.path.at(-1);
    return fail({
      code: 'IPC_BAD_INPUT',
      message: `Not accepted: expected ${issue?.message ?? 'a valid request'}${where}.`,
      // What the form was given is not changed or saved: the operator corrects it where they typed it.
      action: `Correct ${typeof field === 'string' ? `the ${field}` : 'what was entered'} and try again; nothing was changed.`,
      details: { method, issues: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })) },
    });
  }
  const [ns, m] = method.split('.') as [string, string];
  const handler = (handlers as unknown as Record<string, Record<string, (i: unknown, c: CallContext) => Promise<unknown>>>)[ns]?.[m];
  if (!handler) {
    return fail({ code: 'IPC_NOT_IMPLEMENTED', message: `"${method}" is not available in this build.` });
  }
  try {
    const value = await handler(parsed.data, ctx);
    const checked = def.result.safeParse(value);
    if (!checked.success) {
      log?.error('handler result broke the contract', { method, issues: checked.error.issues.length });
      return fail({ code: 'INTERNAL', message: `The console produced an invalid answer for ${method}.`, action: 'Please report this problem.' });
    }
    return ok(checked.data);
  } catch (err) {
    return fail(toErrorData(err, method, log));
  }
}

/**
 * `dispatch` for a transport: the checked result in its wire form (shared/ipc/wire.ts), which the
 * renderer's bridge decodes. Both transports send exactly this, so they stay one contract.
 */
export async function dispatchForTransport(
  handlers: Handlers,
  method: string,
  payload: unknown,
  ctx: CallContext,
  log?: DispatchLog,
): Promise<WireResult> {
  const result = await dispatch(handlers, method, payload, ctx, log);
  try {
    return toWire(result);
  } catch (err) {
    return fail(toErrorData(err, method, log));
  }
}

function toErrorData(err: unknown, method: string, log?: DispatchLog): AppErrorData {
  if (isAppError(err)) return err.toData();
  const message = err instanceof Error ? err.message : String(err);
  log?.error('unexpected handler error', { method, message });
  return { code: 'INTERNAL', message: `Something went wrong in ${method}: ${message}`, action: 'Try again; if it keeps happening, report it with the log file.' };
}
