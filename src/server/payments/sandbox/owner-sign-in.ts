// The sandbox's owner sign-in (decision 021), its stand-in for the provider's own login to a payout account: a
// single-use link asks for a 6-digit code "texted" to the phone the owner gave at onboarding (the sandbox shows
// those texts at /sandbox/phone/<number>). Five wrong codes end the link; it lives ten minutes, or until a newer
// one is started. A right code either returns to the app's return URL (a claim's owner proof, whose nonce only
// the link's row knows) or opens the account's dashboard for a while (SIGNED_IN_MS), through a cookie holding the
// link's id.
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { sandboxAccounts, sandboxSignIns } from '../../db/schema.js';
import { randomToken, sha256 } from '../../crypto.js';
import { ProviderError } from '../provider.js';
import type { SandboxOptions } from './provider.js';
import { getSandboxAccount } from './connect.js';

export const SIGN_IN_TTL_MS = 10 * 60_000;
/** How long a dashboard stays open after the owner's code, as a provider's login session would. */
export const SIGNED_IN_MS = 30 * 60_000;
export const SIGN_IN_ATTEMPTS = 5;
/** The cookie that keeps the sandbox dashboard open after a sign-in (path /sandbox/). */
export const OWNER_COOKIE = 'hg_sandbox_owner';

type Ctx = Pick<SandboxOptions, 'db' | 'clock' | 'publicUrl'>;
export type SignInRow = typeof sandboxSignIns.$inferSelect;

export const signInUrl = (publicUrl: string, id: string) => `${publicUrl}/sandbox/sign-in/${id}`;
export const phoneUrl = (publicUrl: string, phone: string) => `${publicUrl}/sandbox/phone/${phone}`;

/**
 * Starts a sign-in to an account whose owner gave a phone at onboarding; answers the link's id. The code is made
 * now and "texted" at once (it appears on the phone's page).
 */
export async function startSignIn(ctx: Ctx, accountId: string, returnUrl: string | null): Promise<string> {
  const account = await getSandboxAccount(ctx, accountId);
  if (!account) throw new ProviderError(`No such account: ${accountId}`, false);
  if (!account.phone)
    throw new ProviderError('This account has no owner to sign in yet: finish onboarding first', false);
  const id = randomToken(24);
  const now = ctx.clock.now();
  // A new code replaces the account's earlier ones still waiting, so its phone shows one valid code.
  await ctx.db
    .update(sandboxSignIns)
    .set({ expiresAt: now })
    .where(
      and(
        eq(sandboxSignIns.accountId, accountId),
        isNull(sandboxSignIns.signedInAt),
        gt(sandboxSignIns.expiresAt, now),
      ),
    );
  await ctx.db.insert(sandboxSignIns).values({
    idHash: sha256(id),
    accountId,
    returnUrl,
    code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_TTL_MS),
  });
  return id;
}

export async function createOwnerSignIn(
  ctx: Ctx,
  input: { accountId: string; returnUrl: string; refreshUrl: string },
): Promise<{ url: string }> {
  return { url: signInUrl(ctx.publicUrl, await startSignIn(ctx, input.accountId, input.returnUrl)) };
}

/** A live (unexpired, not yet used, attempts left) sign-in by its link id, with its account's phone. */
export async function findSignIn(ctx: Ctx, id: string) {
  const [row] = await ctx.db
    .select({ signIn: sandboxSignIns, phone: sandboxAccounts.phone })
    .from(sandboxSignIns)
    .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxSignIns.accountId))
    .where(
      and(
        eq(sandboxSignIns.idHash, sha256(id)),
        isNull(sandboxSignIns.signedInAt),
        gt(sandboxSignIns.expiresAt, ctx.clock.now()),
        lt(sandboxSignIns.attempts, SIGN_IN_ATTEMPTS),
      ),
    );
  return row ?? null;
}

export type CodeCheck = { ok: true; row: SignInRow } | { ok: false; attemptsLeft: number };

/**
 * Checks a typed code. Every try is counted first (one conditional update, so a parallel burst gets at most
 * SIGN_IN_ATTEMPTS tries); the right code then signs the link in once: of parallel right answers, one wins.
 */
export async function checkCode(ctx: Ctx, id: string, code: string): Promise<CodeCheck> {
  const now = ctx.clock.now();
  const live = and(
    eq(sandboxSignIns.idHash, sha256(id)),
    isNull(sandboxSignIns.signedInAt),
    gt(sandboxSignIns.expiresAt, now),
    lt(sandboxSignIns.attempts, SIGN_IN_ATTEMPTS),
  );
  const [counted] = await ctx.db
    .update(sandboxSignIns)
    .set({ attempts: sql`${sandboxSignIns.attempts} + 1` })
    .where(live)
    .returning();
  if (!counted) return { ok: false, attemptsLeft: 0 };
  if (counted.code !== code.replace(/\s/g, '')) return { ok: false, attemptsLeft: SIGN_IN_ATTEMPTS - counted.attempts };
  const [won] = await ctx.db
    .update(sandboxSignIns)
    .set({ signedInAt: now })
    .where(and(eq(sandboxSignIns.idHash, counted.idHash), isNull(sandboxSignIns.signedInAt)))
    .returning();
  return won ? { ok: true, row: won } : { ok: false, attemptsLeft: 0 };
}

/** Whether the owner cookie is a dashboard sign-in of this account within SIGNED_IN_MS. */
export async function signedInTo(ctx: Ctx, accountId: string, cookie: string | undefined): Promise<boolean> {
  if (!cookie || cookie.length > 100) return false;
  const [row] = await ctx.db
    .select({ accountId: sandboxSignIns.accountId })
    .from(sandboxSignIns)
    .where(
      and(
        eq(sandboxSignIns.idHash, sha256(cookie)),
        eq(sandboxSignIns.accountId, accountId),
        isNull(sandboxSignIns.returnUrl),
        isNotNull(sandboxSignIns.signedInAt),
        gt(sandboxSignIns.signedInAt, new Date(ctx.clock.now().getTime() - SIGNED_IN_MS)),
      ),
    );
  return Boolean(row);
}

/** The texts on a sandbox phone: the codes of its accounts' sign-ins still open, newest first. */
export async function phoneMessages(ctx: Ctx, phone: string) {
  return ctx.db
    .select({ code: sandboxSignIns.code, createdAt: sandboxSignIns.createdAt })
    .from(sandboxSignIns)
    .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxSignIns.accountId))
    .where(
      and(
        eq(sandboxAccounts.phone, phone),
        isNull(sandboxSignIns.signedInAt),
        gt(sandboxSignIns.expiresAt, ctx.clock.now()),
        lt(sandboxSignIns.attempts, SIGN_IN_ATTEMPTS),
      ),
    )
    .orderBy(desc(sandboxSignIns.createdAt))
    .limit(20);
}
