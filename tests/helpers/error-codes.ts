// Every error answer the API tests provoke must carry a known code beside its message: the test app records any
// that does not, and fails its file when closed (test-app.ts). HTML pages (the sandbox's, the claim page, the app
// shell's 404) are pages for people, not API answers, and are left out.
import type { FastifyInstance } from 'fastify';
import { apiErrorSchema } from '../../src/shared/schemas/error.js';

export function watchErrorCodes(app: FastifyInstance): string[] {
  const without: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!request.url.startsWith('/api/') && !type.startsWith('application/json')) return payload;
    // A route that declares its own body for this very status (the health report's 503) answers a report, not an
    // error; the generic 4xx/5xx error answers are what must carry a code.
    const responses = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (responses?.[String(reply.statusCode)]) return payload;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    if (!apiErrorSchema.safeParse(parsed).success)
      without.push(`${request.method} ${request.url} → ${reply.statusCode} ${body.slice(0, 200)}`);
    return payload;
  });
  return without;
}
