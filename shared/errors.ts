import { z } from 'zod';

/**
 * The one error shape that crosses layers. Services throw `AppError`s; the IPC registry turns them
 * into `{ok: false, error}` results, so the renderer always has a code to branch on, a message that
 * says what happened, and an `action` that says what the user can do about it.
 */
export interface AppErrorData {
  /** Stable, machine-readable code, e.g. `SERVICE_UNAUTHORIZED`, `DEVICE_LOCKED`. */
  code: string;
  /** What happened, in words a user understands. */
  message: string;
  /** What the user can do next, when there is something to do. */
  action?: string;
  /** Extra facts for support and logs; never secrets. */
  details?: Record<string, unknown>;
}

export class AppError extends Error implements AppErrorData {
  readonly code: string;
  readonly action?: string;
  readonly details?: Record<string, unknown>;

  constructor(data: AppErrorData, options?: { cause?: unknown }) {
    super(data.message, options);
    this.name = 'AppError';
    this.code = data.code;
    if (data.action !== undefined) this.action = data.action;
    if (data.details !== undefined) this.details = data.details;
  }

  toData(): AppErrorData {
    const out: AppErrorData = { code: this.code, message: this.message };
    if (this.action !== undefined) out.action = this.action;
    if (this.details !== undefined) out.details = this.details;
    return out;
  }
}

/** Duck-typed check: error classes can be duplicated across bundles, so `instanceof` is not enough. */
export function isAppError(value: unknown): value is AppError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string' &&
    (value as { name?: unknown }).name === 'AppError'
  );
}

/** The error shape as it crosses the bridge and is kept in journals and view models. */
export const AppErrorDataSchema = z.object({
  code: z.string(),
  message: z.string(),
  action: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/**
 * A plain copy of whatever was thrown. An `AppError`, or a plain object of its shape (errors that
 * crossed a process or a bundle boundary arrive so), keeps its code, message, action and details;
 * anything else becomes `fallbackCode` with its message.
 */
export function toAppErrorData(err: unknown, fallbackCode = 'UNEXPECTED'): AppErrorData {
  const e = err as Partial<AppErrorData> | null;
  const carriesData = isAppError(err) || (typeof e === 'object' && e !== null && !(e instanceof Error));
  if (carriesData && typeof e?.code === 'string' && typeof e.message === 'string') {
    const out: AppErrorData = { code: e.code, message: e.message };
    if (typeof e.action === 'string') out.action = e.action;
    if (e.details && typeof e.details === 'object') out.details = { ...e.details };
    return out;
  }
  return { code: fallbackCode, message: err instanceof Error ? err.message : String(err) };
}
