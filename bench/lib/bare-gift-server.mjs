// The baseline for bench/gift-create.bench.mjs: the best a bare Fastify + node-postgres server does for
// POST /api/gifts without a security question, with the app's rules and writing the same rows, in ONE
// transaction of named prepared statements: the payload checked by the same shared schema (built into dist/), the
// per-client allowance (the same advisory lock per bucket, the window's attempts counted, the attempt recorded),
// the pending gift with its delivery row (one statement, as the app writes them), its sandbox checkout and the
// gift's checkout id. No logger, no hooks; the app's answer headers replayed (BARE_HEADERS). The client address is
// taken from X-Forwarded-For, as the app does with TRUST_PROXY.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { createGiftSchema } from '../../dist/node/shared/schemas/gift.js';
import { giftTotals } from '../../dist/node/shared/money.js';
import { barePool, serveBare } from './bare-serve.mjs';

const headers = JSON.parse(process.env.BARE_HEADERS ?? '{}');
const extraMicros = Number(process.env.EXTRA_COST_MICROS ?? 0); // the bench's self-check
const publicUrl = process.env.PUBLIC_URL ?? 'http://127.0.0.1';
const LIMIT = Number(process.env.GIFT_STARTS_PER_CLIENT ?? 20);
const WINDOW_MS = 10 * 60_000;
const pool = barePool();

const q = (name, text) => (values) => ({ name, text, values });
const lock = q('bare_lock', 'select pg_advisory_xact_lock(hashtext($1))');
const windowRows = q(
  'bare_window',
  'select created_at from rate_events where bucket = $1 and created_at > $2 order by created_at limit $3',
);
const recordAttempt = q('bare_attempt', 'insert into rate_events (bucket, created_at) values ($1, $2)');
const insertGift = q(
  'bare_gift',
  `with gift as (insert into gifts (public_id, state, amount_cents, fee_cents, tip_cents, total_cents,
    sender_covers_fees, recipient_first_name, recipient_last_name, recipient_email, personal_note, security_question,
    security_answer_hash, donor_id, created_at)
   values ($1, 'pending', $2, $3, $4, $5, $6, $7, $8, $9, $10, null, null, null, $11) returning id),
   delivery as (insert into gift_deliveries (gift_id, deliver_at, delivery_time_zone) select id, null, null from gift)
   select id from gift`,
);
const insertCheckout = q(
  'bare_checkout',
  `insert into sandbox_checkouts (id, gift_public_id, lines, total_cents, customer_email, success_url, cancel_url,
    created_at, expires_at) values ($1, $2, $3, $4, null, $5, $6, $7, $8)`,
);
const setCheckout = q('bare_set_checkout', 'update gifts set checkout_session_id = $1 where id = $2');

const app = Fastify({ logger: false, trustProxy: true });
app.post(
  '/api/gifts',
  {
    schema: {
      response: {
        201: { type: 'object', properties: { checkoutUrl: { type: 'string' } }, required: ['checkoutUrl'] },
        '4xx': { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
      },
    },
  },
  async (request, reply) => {
    if (extraMicros) for (const until = performance.now() + extraMicros / 1000; performance.now() < until;);
    reply.headers(headers);
    const parsed = createGiftSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ message: parsed.error.issues[0].message });
    const input = parsed.data;
    if (input.securityQuestion || input.donorAccount || input.delivery)
      return reply.status(400).send({ message: 'the bare server makes plain gifts only' });
    const totals = giftTotals(input.amount, input.tip);
    const now = new Date();
    const bucket = `gift-start:ip:${request.ip}`;
    const publicId = `g_${randomBytes(12).toString('base64url')}`;
    const checkoutId = `cs_sandbox_${randomBytes(12).toString('base64url')}`;
    const lines = [
      { name: 'Anonymous gift', amountCents: totals.amount },
      { name: 'Processing fee', amountCents: totals.fee },
      { name: 'Platform tip', amountCents: totals.tip },
    ];
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(lock([bucket]));
      const { rows } = await client.query(windowRows([bucket, new Date(now.getTime() - WINDOW_MS), LIMIT]));
      if (rows.length >= LIMIT) {
        await client.query('rollback');
        return reply.status(429).send({ message: 'Too many gift starts.' });
      }
      await client.query(recordAttempt([bucket, now]));
      const gift = await client.query(
        insertGift([
          publicId,
          totals.amount,
          totals.fee,
          totals.tip,
          totals.total,
          input.senderCoversFees,
          input.recipientFirstName,
          input.recipientLastName,
          input.recipientEmail,
          input.personalNote,
          now,
        ]),
      );
      const details = {
        items: lines,
        metadata: { gift_public_id: publicId },
        idempotencyKey: `gift:${publicId}:checkout`,
      };
      await client.query(
        insertCheckout([
          checkoutId,
          publicId,
          JSON.stringify(details),
          totals.total,
          `${publicUrl}/success`,
          `${publicUrl}/gift/review?canceled=true`,
          now,
          new Date(now.getTime() + 24 * 3600_000),
        ]),
      );
      await client.query(setCheckout([checkoutId, gift.rows[0].id]));
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    return reply.status(201).send({ checkoutUrl: `${publicUrl}/sandbox/checkout/${checkoutId}` });
  },
);
await serveBare(app, pool);
