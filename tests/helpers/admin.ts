// Admin helpers for API tests: create the owner, log in, and send requests with the session cookie.
import type { TestContext } from './test-app.js';

export const ADMIN = {
  email: 'owner@example.com',
  password: 'correct horse battery',
  firstName: 'Olive',
  lastName: 'Owner',
};

export async function setupAdmin(ctx: TestContext, admin = ADMIN): Promise<void> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/setup', payload: admin });
  if (res.statusCode !== 201 && res.statusCode !== 403) throw new Error(`setup failed: ${res.statusCode} ${res.body}`);
}

/** Logs in and answers the Cookie header value for later requests. */
export async function adminCookie(ctx: TestContext, admin = ADMIN, ip = '10.0.0.1'): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: admin.email, password: admin.password },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'hg_admin');
  return `hg_admin=${cookie!.value}`;
}
