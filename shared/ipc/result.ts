import type { AppErrorData } from '../errors';

/**
 * Every IPC method answers with a tagged result; nothing is thrown across the bridge, so the
 * renderer handles failure as data and can always show the error's message and action.
 */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorData };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: AppErrorData): Result<T> {
  return { ok: false, error };
}
