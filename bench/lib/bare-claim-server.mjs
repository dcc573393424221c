// The baseline for bench/claim.bench.mjs: a bare Fastify + node-postgres server doing the same single indexed
// lookup as GET /api/gifts/claim/:token (hash the token, read one row by its unique index, answer JSON).
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 20) });
const app = Fastify({ logger: false });
app.get('/api/gifts/claim/:token', async (request, reply) => {
  const hash = createHash('sha256').update(request.params.token).digest('hex');
  const { rows } = await pool.query(
    'select status, recipient_first_name, amount_cents, personal_note, security_question from gifts where claim_token_hash = $1',
    [hash],
  );
  const gift = rows[0];
  if (!gift || gift.status !== 'paid')
    return reply.status(404).send({ message: 'This gift link is invalid or has expired.' });
  return {
    recipientFirstName: gift.recipient_first_name,
    amount: (gift.amount_cents / 100).toFixed(2),
    personalNote: gift.personal_note,
    hasSecurityQuestion: Boolean(gift.security_question),
    securityQuestion: gift.security_question,
  };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
