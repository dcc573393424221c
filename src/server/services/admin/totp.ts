// TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, what every authenticator app reads) through otplib. A code is
// accepted for the current step and one step either side (clock drift), and only for a step later than the last
// one accepted: the admin's row keeps that step, and one conditional update takes it, so a code used once cannot
// be used again, even by two requests at the same moment.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { admins } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../clock.js';

export const TOTP_ISSUER = 'Hushgift';
const PERIOD_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export async function totpProvisioning(email: string, secret: string): Promise<{ otpauthUri: string; qrCode: string }> {
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  return { otpauthUri, qrCode: await QRCode.toDataURL(otpauthUri, { margin: 1, width: 240 }) };
}

/** The time step the code belongs to, or null when it matches none near now. */
export async function matchTotp(secret: string, code: string, clock: Clock): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(clock.now().getTime() / 1000),
    epochTolerance: PERIOD_SECONDS,
  });
  // The functional API's type covers HOTP too; a TOTP match carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Takes the step for this admin; false when it (or a later one) was already used. */
export async function claimTotpStep(db: DbOrTx, adminId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpLastStep: step })
    .where(and(eq(admins.id, adminId), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
    .returning({ id: admins.id });
  return rows.length === 1;
}
