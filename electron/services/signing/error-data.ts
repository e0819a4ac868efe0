import type { AppErrorData } from '../../../shared/errors';

/** A plain copy of whatever was thrown (errors from another process or bundle are duck-typed). */
export function errorData(err: unknown): AppErrorData {
  const e = err as Partial<AppErrorData> | null;
  if (e && typeof e === 'object' && typeof e.code === 'string' && typeof e.message === 'string') {
    const out: AppErrorData = { code: e.code, message: e.message };
    if (typeof e.action === 'string') out.action = e.action;
    if (e.details && typeof e.details === 'object') out.details = { ...e.details };
    return out;
  }
  return { code: 'UNEXPECTED', message: err instanceof Error ? err.message : String(err) };
}
