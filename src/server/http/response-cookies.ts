// Setting and clearing cookies on an answer, written into its Set-Cookie header at once. @fastify/cookie queued
// them for an onSend hook that it adds to every route, and only a few routes set a cookie (decision 036). Same rules
// as that plugin: SameSite=Lax unless told otherwise, and one cookie per name, domain and path (the last set wins).
import { stringifySetCookie, type SetCookie } from 'cookie';
import type { FastifyReply } from 'fastify';

export type CookieOptions = Omit<SetCookie, 'name' | 'value'>;

/** The cookies set on each answer so far, by name, domain and path. */
const setOn = new WeakMap<FastifyReply, Map<string, string>>();

export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions = {}): void {
  const cookie = { name, value, sameSite: 'lax', ...options } as SetCookie;
  let cookies = setOn.get(reply);
  if (!cookies) setOn.set(reply, (cookies = new Map()));
  cookies.set(`${name};${cookie.domain};${cookie.path ?? '/'}`, stringifySetCookie(cookie));
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...cookies.values()]);
}

/** Tells the browser to drop the cookie: empty, expired, at the path given (`/` by default). */
export function clearCookie(reply: FastifyReply, name: string, options: CookieOptions = {}): void {
  setCookie(reply, name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 });
}
