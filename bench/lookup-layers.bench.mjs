// Where the claim lookup's time goes, layer by layer, without the network or the database: Fastify's inject() on
// the bare server's configuration, then adding one by one what the app adds around GET /api/gifts/claim/:token
// (request logger, request ids, the security headers hook, the cookie plugin, the claim routes' no-store hook).
// The database part (drizzle's prepared statement vs node-postgres' query) is timed on PostgreSQL, one at a time.
// Run: npm run bench lookup-layers   (BENCH_N requests per layer, default 20000)
import { createHash, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { eq, sql } from 'drizzle-orm';
import { gifts } from '../dist/node/server/db/schema.js';
import { registerSecurity } from '../dist/node/server/http/security.js';
import { loggerOptions } from '../dist/node/server/http/logging.js';
import { freshPostgres, startBuiltServer } from './lib/server.mjs';

const N = Number(process.env.BENCH_N ?? 20000);
const answer = {
  recipientFirstName: 'Rita',
  amount: '50.00',
  personalNote: 'Happy birthday!',
  hasSecurityQuestion: true,
  securityQuestion: 'Q?',
};
const token = 'A'.repeat(43);

async function perRequestUs(layers) {
  const app = Fastify({
    logger: layers.includes('logger') ? loggerOptions('warn') : false,
    ...(layers.includes('request ids') ? { genReqId: () => randomUUID(), requestIdHeader: false } : {}),
  });
  if (layers.includes('security headers'))
    registerSecurity(app, { publicUrl: 'http://127.0.0.1', secureCookies: false });
  if (layers.includes('cookie plugin')) await app.register(fastifyCookie);
  await app.register(async (scope) => {
    if (layers.includes('no-store hook'))
      scope.addHook('onRequest', (_q, reply, done) => (reply.header('cache-control', 'no-store'), done()));
    scope.get(
      '/api/gifts/claim/:token',
      async (request) => (createHash('sha256').update(request.params.token).digest('hex'), answer),
    );
  });
  await app.ready();
  const once = () => app.inject({ method: 'GET', url: `/api/gifts/claim/${token}` });
  for (let i = 0; i < 2000; i++) await once();
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await once();
  const us = Number(process.hrtime.bigint() - t) / 1000 / N;
  await app.close();
  return us;
}

const ALL = ['logger', 'request ids', 'security headers', 'cookie plugin', 'no-store hook'];
const rows = [];
let base;
for (let k = 0; k <= ALL.length; k++) {
  const layers = ALL.slice(0, k);
  const us = Math.min(await perRequestUs(layers), await perRequestUs(layers)); // best of two: the machine is shared
  base ??= us;
  rows.push({
    with: k === 0 ? 'bare Fastify' : `+ ${ALL[k - 1]}`,
    'µs per request': us.toFixed(1),
    'vs bare': `${((us / base - 1) * 100).toFixed(0)} %`,
  });
}
console.table(rows);

// The database: the app's drizzle prepared statement and the bare server's plain query, on a fresh PostgreSQL
// database migrated by the app, one query at a time.
const database = await freshPostgres('layers');
const server = await startBuiltServer({ databaseUrl: database.url });
await server.stop();
const pool = new pg.Pool({ connectionString: database.url, max: 1 });
const db = drizzle(pool);
const hash = createHash('sha256').update(token).digest('hex');
const prepared = db
  .select({
    status: gifts.status,
    recipientFirstName: gifts.recipientFirstName,
    amountCents: gifts.amountCents,
    personalNote: gifts.personalNote,
    securityQuestion: gifts.securityQuestion,
  })
  .from(gifts)
  .where(eq(gifts.claimTokenHash, sql.placeholder('hash')))
  .prepare('claim_lookup');
const raw = () =>
  pool.query(
    'select status, recipient_first_name, amount_cents, personal_note, security_question from gifts where claim_token_hash = $1',
    [hash],
  );
async function timeQueries(fn) {
  for (let i = 0; i < 500; i++) await fn();
  const t = process.hrtime.bigint();
  for (let i = 0; i < 5000; i++) await fn();
  return Number(process.hrtime.bigint() - t) / 1000 / 5000;
}
const q = {
  'node-postgres query (bare)': await timeQueries(raw),
  'drizzle prepared (app)': await timeQueries(() => prepared.execute({ hash })),
};
console.table(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, { 'µs per query': v.toFixed(1) }])));
await pool.end();
await database.drop();
