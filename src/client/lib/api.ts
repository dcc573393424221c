// The one API helper: credentials always sent, JSON bodies, errors read "<status>: <body or status text>".

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's {"message"} when the body is one, else the raw text. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      /* not JSON */
    }
    return this.body;
  }

  /** The server's `code` beside the message (e.g. `STEP_UP_REQUIRED`), when it sent one. */
  get code(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { code?: unknown };
      return typeof parsed.code === 'string' ? parsed.code : undefined;
    } catch {
      return undefined;
    }
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, text, res.statusText);
  }
}

/** A write call: JSON body when given, JSON answer when there is one. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export type On401 = 'throw' | 'returnNull';

/** The query function: GET the path, parse JSON; on 401 throw (default) or answer null. */
export async function apiGet<T>(url: string, on401: On401 = 'throw'): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include' });
  if (on401 === 'returnNull' && res.status === 401) return null;
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/** The server's message from any error, or a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
