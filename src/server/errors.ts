// Domain errors carry the HTTP status, a stable code (src/shared/schemas/error.ts) and a sentence a person can act on;
// routes never build error bodies by hand.
import type { ErrorCode } from '../shared/schemas/error.js';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: ErrorCode = 'VALIDATION_FAILED') => new AppError(400, code, message);
export const unauthorized = (message = 'Please sign in to continue', code: ErrorCode = 'AUTH_REQUIRED') =>
  new AppError(401, code, message);
/** No admin session (or not the kind this route takes). */
export const adminAuthRequired = () => unauthorized('Please log in as an admin to continue', 'ADMIN_AUTH_REQUIRED');
export const forbidden = (message: string, code: ErrorCode) => new AppError(403, code, message);
/** Every 404 a service answers today is about a gift; pass another code when it is not. */
export const notFound = (message: string, code: ErrorCode = 'GIFT_NOT_FOUND') => new AppError(404, code, message);
/** Every 409 a service answers today refuses because of a gift's state; pass another code when it is not. */
export const conflict = (message: string, code: ErrorCode = 'GIFT_STATE_CONFLICT') => new AppError(409, code, message);

/** 429 with Retry-After, and a message saying when to try again. */
export function tooManyRequests(
  message: string,
  retryAfterSeconds: number,
  code: ErrorCode = 'RATE_LIMITED',
): AppError {
  return new AppError(429, code, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}

/** "in 14 minutes", "in 1 hour": for messages that say when to retry. */
export function humanWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}
