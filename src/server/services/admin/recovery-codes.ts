// Ten single-use recovery codes per admin, for a lost phone. Made at enrolment and shown once; only argon2id
// hashes are kept. A code is spent by one conditional update, so two requests with the same code sign in once.
import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { adminRecoveryCodes } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import { hashSecret, verifySecret } from '../../crypto.js';

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 without look-alikes: 10 characters carry 50 bits. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Upper case, without spaces and dashes: how a code is hashed and compared. */
export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
export const looksLikeRecoveryCode = (code: string) => /^[0-9A-Z]{10}$/.test(normaliseRecoveryCode(code));

/** Replaces the admin's codes with ten new ones and answers them (the only time they exist in clear). */
export async function issueRecoveryCodes(db: DbOrTx, clock: Clock, adminId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map((c) => hashSecret(normaliseRecoveryCode(c))));
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  await db.insert(adminRecoveryCodes).values(hashes.map((codeHash) => ({ adminId, codeHash, createdAt: clock.now() })));
  return codes;
}

/** Spends the code if it is one of the admin's unused ones; false otherwise (or when a parallel request won). */
export async function spendRecoveryCode(db: DbOrTx, clock: Clock, adminId: number, code: string): Promise<boolean> {
  const plain = normaliseRecoveryCode(code);
  const unused = await db
    .select({ id: adminRecoveryCodes.id, codeHash: adminRecoveryCodes.codeHash })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verifySecret(row.codeHash, plain))) continue;
    const spent = await db
      .update(adminRecoveryCodes)
      .set({ usedAt: clock.now() })
      .where(and(eq(adminRecoveryCodes.id, row.id), isNull(adminRecoveryCodes.usedAt)))
      .returning({ id: adminRecoveryCodes.id });
    return spent.length === 1;
  }
  return false;
}

export async function recoveryCodesLeft(db: DbOrTx, adminId: number): Promise<number> {
  const rows = await db
    .select({ id: adminRecoveryCodes.id })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return rows.length;
}
