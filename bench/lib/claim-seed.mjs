// Paid gifts ready to be claimed, written straight into the database: the claim benches' data.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/** Paid gifts inside their 30-day claim window (the app answers 404 for a gift without an expiry date). */
export async function seedClaimableGifts(url, count) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const list = [];
  const now = new Date();
  for (let start = 0; start < count; start += 500) {
    const values = [];
    const params = [];
    for (let j = start; j < Math.min(count, start + 500); j++) {
      const token = randomBytes(32).toString('base64url');
      list.push(token);
      params.push(`g_${randomBytes(12).toString('base64url')}`, createHash('sha256').update(token).digest('hex'), now);
      const p = params.length;
      values.push(
        `($${p - 2}, 'paid', 5000, 280, 100, 5380, 'Rita', 'Happy birthday!', 'What is your pet''s name?', $${p - 1}, $${p}, $${p}, $${p}::timestamptz + interval '30 days')`,
      );
    }
    await client.query(
      `insert into gifts (public_id, state, amount_cents, fee_cents, tip_cents, total_cents, recipient_first_name,
        personal_note, security_question, claim_token_hash, created_at, paid_at, expires_at) values ${values.join(',')}`,
      params,
    );
  }
  await client.end();
  return list;
}
