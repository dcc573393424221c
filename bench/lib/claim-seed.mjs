// Paid gifts ready to be claimed, written straight into the database: the claim benches' data.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { replayableHeaders } from './http-bench.mjs';
import { startBuiltServer } from './server.mjs';

/**
 * A database made ready for bare claim servers: migrated by a plain start of the built app, `count` claimable gifts
 * seeded, and the headers of one of the app's answers read (a bare server replays them); the app is then stopped.
 */
export async function migratedWithClaimableGifts(url, count) {
  const app = await startBuiltServer({ databaseUrl: url });
  try {
    const tokens = await seedClaimableGifts(url, count);
    const headers = replayableHeaders(await fetch(`${app.url}/api/gifts/claim/${tokens[0]}`));
    return { tokens, headers };
  } finally {
    await app.stop();
  }
}

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

/** One paid gift its recipient declined (decision 025): its link answers 410. Answers its token. */
export async function seedDeclinedGift(url) {
  const [token] = await seedClaimableGifts(url, 1);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = createHash('sha256').update(token).digest('hex');
    await client.query(
      `insert into gift_responses (gift_id, declined_at) select id, now() from gifts where claim_token_hash = $1`,
      [hash],
    );
  } finally {
    await client.end();
  }
  return token;
}

/**
 * Grows the gifts table to `total` rows with filler gifts (claimed and refunded ones, each with its own token hash,
 * spread over the last year), in one statement as the admin bench loads its million, then analyzes it: issue 27
 * asks that the hot paths keep their ratio to a bare server at 1,000,000 gifts. Answers the rows added.
 */
export async function growGifts(url, total) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*)::int as n from gifts');
    const add = total - rows[0].n;
    if (add <= 0) return 0;
    await client.query(
      `insert into gifts (public_id, state, amount_cents, fee_cents, tip_cents, total_cents, recipient_first_name,
         recipient_last_name, recipient_email, personal_note, claim_token_hash, created_at, paid_at, expires_at)
       select 'g_fill_' || i, case when i % 5 = 0 then 'refunded' else 'claimed' end, 5000, 280, 100, 5380, 'Filler',
         'Gift', 'filler' || i || '@example.com', null, encode(sha256(('filler-token-' || i)::bytea), 'hex'),
         now() - make_interval(secs => i % 31536000), now() - make_interval(secs => i % 31536000),
         now() - make_interval(secs => i % 31536000) + interval '30 days'
       from generate_series(1, $1::int) as i`,
      [add],
    );
    await client.query('vacuum analyze gifts');
    return add;
  } finally {
    await client.end();
  }
}
