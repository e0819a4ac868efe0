import type { z } from 'zod';
import { AppError } from '../../../shared/errors';

/**
 * What the console tells the user when the service call fails. Every error names the endpoint
 * (`GET /v1/vaults/:id`), never the API key.
 */

export function noApiKey(endpoint: string): AppError {
  return new AppError({
    code: 'SERVICE_NO_API_KEY',
    message: 'No API key is configured for the Credit Vault service',
    action: 'Add one in Settings',
    details: { endpoint },
  });
}

/** Where the key is entered, as the Settings screen names it. */
export const ADD_KEY_ACTION = 'Add an API key in Settings → Service API key.';

/**
 * A read the console without a key does not make: the service answers it only with a key (not
 * among its key-less `/v1/public/…` routes), or answered the key-less route with 401/403.
 */
export function keyNeeded(endpoint: string, status?: number): AppError {
  return new AppError({
    code: 'SERVICE_KEY_NEEDED',
    message:
      status === undefined
        ? `This needs an API key: the service answers ${endpoint} only with one, and the console reads its public data only.`
        : `This needs an API key: the service refused ${endpoint} without one (HTTP ${status}).`,
    action: ADD_KEY_ACTION,
    details: { endpoint, ...(status !== undefined ? { status } : {}) },
  });
}

export function keyUnreadable(endpoint: string, cause: unknown): AppError {
  return new AppError(
    {
      code: 'SERVICE_NO_API_KEY',
      message: 'The API key could not be read from the keychain',
      action: 'Unlock the keychain, or enter the key again in Settings',
      details: { endpoint, reason: cause instanceof Error ? cause.message : String(cause) },
    },
    { cause },
  );
}

const text = (value: unknown): string | undefined => {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  // A framework's validation error lists its messages.
  if (Array.isArray(value) && value.every((v) => typeof v === 'string') && value.length > 0) return value.join('; ');
  return undefined;
};

/**
 * The service's own code and message, read loosely: any JSON object with a `code` and/or a
 * `message` (also under `error`, as some gateways nest them; `statusCode` is not needed), or a
 * short plain-text body. An HTML page (a proxy's) says nothing useful: the status has to do.
 */
function serviceError(bodyText: string): { serviceCode?: string; serviceMessage?: string } {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    const plain = bodyText.trim();
    return plain !== '' && plain.length <= 500 && !plain.startsWith('<') ? { serviceMessage: plain } : {};
  }
  if (body === null || typeof body !== 'object') return text(body) ? { serviceMessage: text(body)! } : {};
  const record = body as Record<string, unknown>;
  const nested = record.error !== null && typeof record.error === 'object' ? (record.error as Record<string, unknown>) : {};
  const code = text(record.code) ?? text(nested.code) ?? text(record.errorCode);
  const message = text(record.message) ?? text(nested.message) ?? text(record.error);
  return { ...(code ? { serviceCode: code } : {}), ...(message ? { serviceMessage: message } : {}) };
}

/** Maps a non-2xx answer to the error the user sees. */
export function httpError(endpoint: string, status: number, bodyText: string): AppError {
  const { serviceCode, serviceMessage } = serviceError(bodyText);
  const details: Record<string, unknown> = { endpoint, status };
  if (serviceCode) details.serviceCode = serviceCode;
  if (serviceMessage) details.serviceMessage = serviceMessage;
  const said = serviceMessage ? `: ${serviceMessage}` : '';
  if (status === 401) {
    return new AppError({ code: 'SERVICE_UNAUTHORIZED', message: 'The API key was rejected', action: 'Replace it in Settings', details });
  }
  if (status === 403) {
    return new AppError({
      code: 'SERVICE_FORBIDDEN',
      message: `The API key is not allowed to use ${endpoint}`,
      action: 'Ask the service operator for access, or use another key in Settings',
      details,
    });
  }
  if (status === 404) {
    return new AppError({ code: 'SERVICE_NOT_FOUND', message: `Not found (${endpoint})${said}`, details });
  }
  if (status === 429) {
    return new AppError({
      code: 'SERVICE_RATE_LIMITED',
      message: `The service is limiting requests (${endpoint})`,
      action: 'Wait a minute, then retry',
      details,
    });
  }
  if (status >= 500) {
    return new AppError({
      code: 'SERVICE_ERROR',
      message: `The service failed to answer ${endpoint} (HTTP ${status})`,
      action: 'Retry later',
      details,
    });
  }
  return new AppError({ code: 'SERVICE_BAD_REQUEST', message: `The service refused ${endpoint} (HTTP ${status})${said}`, details });
}

export function unreachable(endpoint: string, baseUrl: string, cause: unknown): AppError {
  return new AppError(
    {
      code: 'SERVICE_UNREACHABLE',
      message: `The service at ${baseUrl} could not be reached (${endpoint})`,
      action: 'Check the network connection and the service URL in Settings',
      details: { endpoint, reason: cause instanceof Error ? cause.message : String(cause) },
    },
    { cause },
  );
}

export function timedOut(endpoint: string, timeoutMs: number): AppError {
  return new AppError({
    code: 'SERVICE_TIMEOUT',
    message: `The service did not answer ${endpoint} within ${Math.round(timeoutMs / 100) / 10} s`,
    action: 'Retry; if it keeps happening, check the network',
    details: { endpoint, timeoutMs },
  });
}

export function cancelled(endpoint: string): AppError {
  return new AppError({ code: 'SERVICE_CANCELLED', message: `The request to ${endpoint} was cancelled`, details: { endpoint } });
}

/** `data[3].chainId` from a zod path. */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out || '(root)';
}

export function badResponse(endpoint: string, reason: string, field?: string, cause?: unknown): AppError {
  return new AppError(
    {
      code: 'SERVICE_BAD_RESPONSE',
      message: `The service sent an unexpected answer to ${endpoint}${field ? ` at ${field}` : ''}: ${reason}`,
      action: 'Retry later; if it persists, report it with the log file',
      details: { endpoint, ...(field ? { field } : {}) },
    },
    cause !== undefined ? { cause } : undefined,
  );
}

export function schemaMismatch(endpoint: string, error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = formatPath(issue?.path ?? []);
  return badResponse(endpoint, issue?.message ?? 'schema mismatch', field);
}
