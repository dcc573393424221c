// The client's one API helper and query defaults: credentials always, JSON bodies, errors that read
// "<status>: <body or status text>", the on-401 choice, and TanStack Query never refetching or retrying on its own.
import { ApiError, apiGet, apiRequest, errorMessage } from '../../src/client/lib/api.js';
import { getQueryFn, queryClient } from '../../src/client/lib/query-client.js';

type Call = { url: string; init?: RequestInit };
let calls: Call[] = [];
const realFetch = globalThis.fetch;

function answer(status: number, body: string, statusText = '') {
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(body || null, { status, statusText });
  }) as typeof fetch;
}

afterEach(() => {
  globalThis.fetch = realFetch;
  calls = [];
});

describe('apiRequest', () => {
  it('sends JSON with credentials and parses the JSON answer', async () => {
    answer(201, '{"checkoutUrl":"/x"}');
    await expect(apiRequest('POST', '/api/gifts', { a: 1 })).resolves.toEqual({ checkoutUrl: '/x' });
    expect(calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect((calls[0]!.init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends no body and no content type for a write without one', async () => {
    answer(200, '');
    await expect(apiRequest('POST', '/api/admin/logout')).resolves.toBeNull();
    expect(calls[0]!.init!.body).toBeUndefined();
    expect(calls[0]!.init!.headers).toEqual({});
  });

  it('fails with "<status>: <body>" and exposes the server message', async () => {
    answer(400, '{"message":"Incorrect security answer"}', 'Bad Request');
    const error = await apiRequest('POST', '/api/gifts/claim/t', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"message":"Incorrect security answer"}');
    expect((error as ApiError).serverMessage).toBe('Incorrect security answer');
    expect(errorMessage(error, 'fallback')).toBe('Incorrect security answer');
  });

  it('uses the status text when the body is empty', async () => {
    answer(503, '', 'Service Unavailable');
    await expect(apiRequest('GET', '/api/health')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('apiGet and the query function', () => {
  it('throws on 401 by default', async () => {
    answer(401, '{"message":"Please sign in to continue"}', 'Unauthorized');
    await expect(apiGet('/api/donor/profile')).rejects.toThrow('401: {"message":"Please sign in to continue"}');
  });

  it('answers null on 401 when asked to', async () => {
    answer(401, '{"message":"Please sign in to continue"}', 'Unauthorized');
    await expect(apiGet('/api/donor/profile', 'returnNull')).resolves.toBeNull();
    const fn = getQueryFn<unknown>({ on401: 'returnNull' });
    answer(401, '', 'Unauthorized');
    await expect(fn({ queryKey: ['/api/donor/profile'] } as never)).resolves.toBeNull();
  });

  it('GETs the path the query key names, with credentials', async () => {
    answer(200, '{"ok":true}');
    const fn = getQueryFn<{ ok: boolean }>();
    await expect(fn({ queryKey: ['/api/admin/stats'] } as never)).resolves.toEqual({ ok: true });
    expect(calls[0]).toMatchObject({ url: '/api/admin/stats', init: { credentials: 'include' } });
  });

  it('configures TanStack Query: no interval, no refetch on focus, never stale, no retries', () => {
    const defaults = queryClient.getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
