import { DEFAULT_MESSAGES, ERROR_CODES } from '../../shared/contracts/errors';
import type { FieldError } from '../../shared/contracts/resource';

/**
 * An error that becomes `{ message, code, details? }` with its HTTP status. Messages are written in Vietnamese, the
 * source language; the error handler sends them in the request's language (English from shared/i18n/messages.en.ts).
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message?: string,
    public readonly code: string = codeFor(statusCode),
    public readonly details?: unknown,
    public readonly headers?: Record<string, string>,
  ) {
    super(message ?? DEFAULT_MESSAGES[statusCode] ?? DEFAULT_MESSAGES[500]);
  }
}

export function codeFor(status: number): string {
  switch (status) {
    case 400: return ERROR_CODES.VALIDATION;
    case 401: return ERROR_CODES.UNAUTHORIZED;
    case 403: return ERROR_CODES.FORBIDDEN;
    case 404: return ERROR_CODES.NOT_FOUND;
    case 409: return ERROR_CODES.CONFLICT;
    case 412: return ERROR_CODES.PRECONDITION_FAILED;
    case 413: return ERROR_CODES.PAYLOAD_TOO_LARGE;
    case 415: return ERROR_CODES.UNSUPPORTED_MEDIA_TYPE;
    case 422: return ERROR_CODES.UNPROCESSABLE;
    case 428: return ERROR_CODES.PRECONDITION_REQUIRED;
    case 429: return ERROR_CODES.RATE_LIMITED;
    case 431: return ERROR_CODES.HEADERS_TOO_LARGE;
    default: return ERROR_CODES.INTERNAL;
  }
}

export const notFound = (message?: string) => new HttpError(404, message);

/**
 * A rule broken by one field: the message, and `details` naming the field so the form puts the message under
 * it (400 for input that can never be right, 409 for input that conflicts with the data as it is now).
 */
export const fieldError = (status: number, path: string, message: string) => new HttpError(status, message, undefined, [{ path, message }] satisfies FieldError[]);
