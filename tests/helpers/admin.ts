// Admin helpers for API tests: create the owner, log in, and send requests with the session cookie.
import { generate } from 'otplib';
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

/** The login's password step, which must succeed. */
async function passwordLogin(ctx: TestContext, admin: { email: string; password: string }, ip: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: admin.email, password: admin.password },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res;
}

/** Logs in and answers the Cookie header value for later requests. */
export async function adminCookie(ctx: TestContext, admin = ADMIN, ip = '10.0.0.1'): Promise<string> {
  const res = await passwordLogin(ctx, admin, ip);
  const cookie = res.cookies.find((c) => c.name === 'hg_admin');
  return `hg_admin=${cookie!.value}`;
}

/** The cookie named `name` of an answer, as a Cookie header value. */
export function cookieOf(res: { cookies: Array<{ name: string; value: string }> }, name: string): string {
  const cookie = res.cookies.find((c) => c.name === name && c.value !== '');
  if (!cookie) throw new Error(`no ${name} cookie in the answer`);
  return `${name}=${cookie.value}`;
}

/** The code an authenticator app shows for the secret at the test clock's time. */
export const totpAt = (secret: string, clock: { now(): Date }) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

/**
 * Creates the owner through setup and enrols TOTP in the pending session setup opens; answers the secret, the
 * recovery codes and the session cookie the enrolment started.
 */
export async function setupAdminWithTotp(
  ctx: TestContext,
  admin = ADMIN,
): Promise<{ secret: string; recoveryCodes: string[]; cookie: string }> {
  const setup = await ctx.app.inject({ method: 'POST', url: '/api/admin/setup', payload: admin });
  if (setup.statusCode !== 201) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const pending = cookieOf(setup, 'hg_admin_pending');
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/second-factor/enrolment',
    headers: { cookie: pending },
  });
  const { secret } = start.json() as { secret: string };
  const enrol = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/second-factor/enrol',
    headers: { cookie: pending },
    payload: { code: await totpAt(secret, ctx.clock) },
  });
  if (enrol.statusCode !== 200) throw new Error(`enrolment failed: ${enrol.statusCode} ${enrol.body}`);
  return {
    secret,
    recoveryCodes: (enrol.json() as { recoveryCodes: string[] }).recoveryCodes,
    cookie: cookieOf(enrol, 'hg_admin'),
  };
}

/** The password step of a login whose account has a second factor: answers the pending cookie. */
export async function passwordStep(ctx: TestContext, admin = ADMIN, ip = '10.0.0.1'): Promise<string> {
  return cookieOf(await passwordLogin(ctx, admin, ip), 'hg_admin_pending');
}

/**
 * For browser tests on a real clock: the app's code for the secret, at a time step later than `afterStep` (a step
 * is taken once: the server refuses a code of a step already used), waiting for the next step when needed.
 */
export async function freshTotp(secret: string, afterStep = 0): Promise<{ code: string; step: number }> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    if (step > afterStep) return { code: await generate({ secret, epoch: step * 30 }), step };
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - Date.now() + 50));
  }
}
