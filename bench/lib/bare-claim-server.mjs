// The baseline for bench/claim.bench.mjs: the best a bare Fastify + node-postgres server does for the claim lookup,
// GET /api/gifts/claim/:token, with the app's rules: a token of the claim-token shape, its SHA-256, the same query
// (the gift by its token hash or by an extra claim link, decision 016; a group share answers for the group, a declined
// gift 410) as a NAMED prepared statement (PostgreSQL plans it once per connection, as the app's), run with rows as
// arrays through the app's own runner (src/server/db/array-rows-query.ts, as fast as node-postgres goes), paid and inside
// the claim window or 404, the same JSON serialized by a response schema. No logger, no hooks. It sends the app's
// headers byte for byte: BARE_HEADERS holds those read from one app answer at bench start, so a header another change
// adds to the app is replayed here too.
// EXTRA_COST_MICROS burns that much CPU per request: the bench's self-check (it must read slower than itself).
// APP_LAYERS (comma-separated) adds the app's own Fastify layers from the build, to weigh them without the rest of the
// app (bench/claim-threads.mjs, BENCH_BARE_LAYERS): `log` the app's logger, request ids and one line per request
// (src/server/http/logging.ts), `hook` its one onRequest hook, which then sets the headers (http/security.ts),
// `inflight` its handler counter (http/handlers-in-flight.ts), `contract` its route contract: the zod schemas, the
// planned parameter check and serializer (http/contracts.ts), `service` its claim service (services/claims/lookup.ts)
// on the app's own database client, called as its route calls it, in place of the inline handler.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { barePool, serveBare } from './bare-serve.mjs';

const { arrayRowsRunner } = await import('../../dist/node/server/db/array-rows-query.js');

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const NOT_FOUND = 'This gift link is invalid or has expired.';
const { DECLINE_MESSAGES } = await import('../../dist/node/shared/schemas/recipient-rights.js');
const DECLINED = DECLINE_MESSAGES.declined;
const headers = JSON.parse(process.env.BARE_HEADERS ?? '{}');
const extraMicros = Number(process.env.EXTRA_COST_MICROS ?? 0);
const layers = new Set((process.env.APP_LAYERS ?? '').split(',').filter(Boolean));

const pool = barePool();
const lookup = {
  name: 'bare_claim_lookup',
  // The app's rules: a share of a group gift stands for the group's sum (decision 026), a declined gift answers 410
  // (decision 025), so the same two left joins as the app's read.
  text: `select g.status, g.recipient_first_name, g.amount_cents, gg.sent_amount_cents, g.personal_note,
    g.security_question, g.expires_at, g.claim_started_at, r.declined_at from gifts g
    left join group_gifts gg on gg.id = g.group_gift_id left join gift_responses r on r.gift_id = g.id
    where (g.claim_token_hash = $1 or g.id = (select gift_id from gift_links where token_hash = $1 and purpose = 'claim'))`,
};
const run = arrayRowsRunner(pool, lookup.name, lookup.text);

function burn() {
  const until = performance.now() + extraMicros / 1000;
  while (performance.now() < until);
}

const app = await bareFastify();
const message = {
  type: 'object',
  properties: { code: { type: 'string' }, message: { type: 'string' } },
  required: ['code', 'message'],
};
const schema = layers.has('contract')
  ? await appContract()
  : {
      response: {
        200: {
          type: 'object',
          properties: {
            recipientFirstName: { type: 'string' },
            amount: { type: 'string' },
            personalNote: { type: ['string', 'null'] },
            hasSecurityQuestion: { type: 'boolean' },
            securityQuestion: { type: ['string', 'null'] },
          },
          required: ['recipientFirstName', 'amount', 'personalNote', 'hasSecurityQuestion', 'securityQuestion'],
        },
        404: message,
        410: message,
      },
    };
const service = layers.has('service') ? await appService() : undefined;
app.get('/api/gifts/claim/:token', { schema }, service ? async (request) => service(request.params.token) : bareLookup);
await serveBare(app, pool);

/** The lookup written out inline, as a bare server would. */
async function bareLookup(request, reply) {
  if (extraMicros) burn();
  if (!layers.has('hook')) reply.headers(headers);
  const { token } = request.params;
  // The row's columns in the statement's order.
  const [status, firstName, amountCents, groupCents, note, question, expiresAt, claimStartedAt, declinedAt] =
    TOKEN.test(token) ? ((await run([createHash('sha256').update(token).digest('hex')])).rows[0] ?? []) : [];
  const now = new Date();
  const open = expiresAt && (expiresAt > now || (claimStartedAt && claimStartedAt < expiresAt));
  if (declinedAt) return reply.status(410).send({ code: 'GIFT_DECLINED', message: DECLINED });
  if (status !== 'paid' || !open) return reply.status(404).send({ code: 'GIFT_NOT_FOUND', message: NOT_FOUND });
  const cents = groupCents ?? amountCents;
  return {
    recipientFirstName: firstName ?? '',
    amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    // Behind a question the message opens with the right answer (issue 25), as in the app.
    personalNote: question ? null : note,
    hasSecurityQuestion: Boolean(question),
    securityQuestion: question,
  };
}

/** Fastify as the bare server runs it (no logger, no hook), or with the app's layers named in APP_LAYERS. */
async function bareFastify() {
  let options = { logger: false };
  if (layers.has('log')) {
    const { createAppLogger, OneLinePerRequest } = await import('../../dist/node/server/http/logging.js');
    const { genReqId } = await import('../../dist/node/server/http/request-id.js');
    const log = createAppLogger('info', process.env.LOG_FILE ?? '/dev/null');
    options = {
      loggerInstance: log.logger,
      logController: new OneLinePerRequest(log),
      genReqId,
      requestIdHeader: false,
    };
  }
  const fastify = Fastify(options);
  if (layers.has('log'))
    (await import('../../dist/node/server/http/request-logger.js')).lazyRequestLoggers(fastify.log);
  if (layers.has('inflight'))
    (await import('../../dist/node/server/http/handlers-in-flight.js')).countHandlersInFlight(fastify);
  if (layers.has('hook')) {
    const { registerSecurity } = await import('../../dist/node/server/http/security.js');
    registerSecurity(fastify, { publicUrl: process.env.PUBLIC_URL ?? 'http://127.0.0.1', secureCookies: false });
  }
  return fastify;
}

/** The app's claim service on its own database client (drizzle on a pool of POOL_MAX), as the app's route calls it. */
async function appService() {
  const { openDatabase } = await import('../../dist/node/server/db/client.js');
  const { lookupClaim } = await import('../../dist/node/server/services/claims/lookup.js');
  const { systemClock } = await import('../../dist/node/server/clock.js');
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    poolMax: Number(process.env.POOL_MAX ?? 20),
  });
  const deps = { db: database.db, clock: systemClock };
  return (token) => lookupClaim(deps, token);
}

/** The app's own contract for the route: its zod schemas, checked and serialized as the app does. */
async function appContract() {
  const { useRouteContracts, errorResponses } = await import('../../dist/node/server/http/contracts.js');
  const { claimTokenParamSchema, claimLookupSchema } = await import('../../dist/node/shared/schemas/claim.js');
  useRouteContracts(app);
  return { params: claimTokenParamSchema, response: { 200: claimLookupSchema, ...errorResponses } };
}
