// Domain errors carry the HTTP status and a sentence a person can act on; routes never build error bodies by hand.

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** A stable word a client can branch on (e.g. `step_up_required`), sent beside the message. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** 429 with Retry-After, and a message saying when to try again. */
export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  return new AppError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}

/** "in 14 minutes", "in 1 hour": for messages that say when to retry. */
export function humanWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}
