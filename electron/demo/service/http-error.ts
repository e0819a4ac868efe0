import type { ErrorBody } from './records';

/** An error the routes throw to answer `{code, message, statusCode}` with that status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  body(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message, statusCode: this.statusCode };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

export const badRequest = (message: string, code = 'VALIDATION_ERROR', details?: unknown) =>
  new HttpError(400, code, message, details);
export const notFound = (code: string, message: string) => new HttpError(404, code, message);
