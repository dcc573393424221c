// Cookies set on an answer (src/server/http/response-cookies.ts) follow the rules @fastify/cookie had, without a
// hook on every route: SameSite=Lax unless told otherwise, one cookie per name, domain and path (the last set wins),
// and a cleared cookie empty, expired and Max-Age=0 at / unless told otherwise.
import Fastify, { type FastifyReply } from 'fastify';
import { clearCookie, setCookie } from '../../src/server/http/response-cookies.js';

/** The Set-Cookie lines of an answer whose handler ran `handler`. */
async function answer(handler: (reply: FastifyReply) => void): Promise<string[]> {
  const app = Fastify();
  app.get('/', async (_request, reply) => {
    handler(reply);
    return { ok: true };
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return [res.headers['set-cookie'] ?? []].flat();
}

describe('cookies set on an answer', () => {
  it('is SameSite=Lax unless told otherwise, with the attributes given', async () => {
    const [lax] = await answer((reply) => setCookie(reply, 'a', '1', { path: '/x/', httpOnly: true, maxAge: 60 }));
    expect(lax).toBe('a=1; Max-Age=60; Path=/x/; HttpOnly; SameSite=Lax');
    const [strict] = await answer((reply) => setCookie(reply, 'b', '2', { sameSite: 'strict', secure: true }));
    expect(strict).toBe('b=2; Secure; SameSite=Strict');
  });

  it('sends one cookie per name, domain and path: the last set wins, in the order first set', async () => {
    const cookies = await answer((reply) => {
      setCookie(reply, 'a', 'first', { path: '/' });
      setCookie(reply, 'b', 'other');
      setCookie(reply, 'a', 'elsewhere', { path: '/api/' });
      clearCookie(reply, 'a');
      setCookie(reply, 'a', 'last', { path: '/' });
    });
    expect(cookies.map((c) => c.split(';')[0])).toEqual(['a=last', 'b=other', 'a=elsewhere']);
  });

  it('clears a cookie: empty, expired and Max-Age=0, at / unless told otherwise', async () => {
    const [root] = await answer((reply) => clearCookie(reply, 'a', { httpOnly: true }));
    expect(root).toBe('a=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax');
    const [scoped] = await answer((reply) => clearCookie(reply, 'a', { path: '/api/admin/', sameSite: 'strict' }));
    expect(scoped).toContain('Path=/api/admin/');
    expect(scoped).toContain('SameSite=Strict');
  });
});
