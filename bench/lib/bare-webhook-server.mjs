// The baseline for bench/webhook-burst.bench.mjs: the best a bare Fastify + node-postgres server does with a signed
// Stripe event: the raw body's Stripe-Signature checked by the official SDK (as the app's adapter does), then the
// event row inserted by its unique id in one named prepared statement (a replay inserts nothing and says so). No
// logger, no hooks, no translation, no handler: what any webhook endpoint must do at the least.
import Fastify from 'fastify';
import Stripe from 'stripe';
import { barePool, serveBare } from './bare-serve.mjs';

const secret = process.env.STRIPE_WEBHOOK_SECRET;
const pool = barePool();
const insertEvent = (values) => ({
  name: 'bare_event',
  text: `insert into webhook_events (id, type, received_at, object_id) values ($1, $2, $3, $4)
         on conflict (id) do nothing`,
  values,
});

const app = Fastify({ logger: false });
app.removeContentTypeParser('application/json');
app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
app.post('/api/webhooks/stripe', async (request, reply) => {
  let event;
  try {
    event = Stripe.webhooks.constructEvent(request.body, request.headers['stripe-signature'], secret);
  } catch {
    return reply.status(400).send({ message: 'Invalid Stripe-Signature' });
  }
  const { rowCount } = await pool.query(insertEvent([event.id, event.type, new Date(), event.data.object.id]));
  return { received: true, duplicate: rowCount === 0 };
});
await serveBare(app, pool);
