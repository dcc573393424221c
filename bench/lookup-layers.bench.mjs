// Where the claim lookup's time goes, layer by layer, without the network or the database: Fastify's inject() on
// the bare server's configuration, then adding one by one what the app adds around GET /api/gifts/claim/:token
// (request ids and the info-level request log, before and after issue 27, the security headers hook, the cookie
// plugin, the claim routes' no-store hook, the zod route contract). Figures are the process's CPU time per request
// (process.cpuUsage, best of two), which a busy machine moves less than the wall clock; the log goes to a file.
// The database part (drizzle's prepared statement vs node-postgres' named one) is timed on PostgreSQL, one at a time.
// Run: npm run build && npm run bench lookup-layers   (BENCH_N requests per layer, default 20000)
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { pino } from 'pino';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { eq, sql } from 'drizzle-orm';
import { gifts } from '../dist/node/server/db/schema.js';
import { registerSecurity } from '../dist/node/server/http/security.js';
import { useRouteContracts } from '../dist/node/server/http/contracts.js';
import { OneLinePerRequest, createAppLogger, loggerOptions } from '../dist/node/server/http/logging.js';
import { claimLookupSchema, claimTokenParamSchema } from '../dist/node/shared/schemas/claim.js';
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
const logDir = mkdtempSync(path.join(os.tmpdir(), 'hg-layers-'));

function logging(layers) {
  const file = path.join(logDir, `${layers.length}-${Date.now()}.log`);
  if (layers.includes('info log, one line, asynchronous (now)')) {
    const log = createAppLogger('info', file);
    return { options: { loggerInstance: log.logger, logController: new OneLinePerRequest() }, close: log.close };
  }
  if (layers.includes('info log, two lines, synchronous (before)')) {
    const logger = pino(loggerOptions('info'), pino.destination({ dest: file, sync: true }));
    return { options: { loggerInstance: logger }, close: async () => {} };
  }
  return { options: { logger: false }, close: async () => {} };
}

async function perRequestUs(layers) {
  const log = logging(layers);
  const app = Fastify({
    ...log.options,
    ...(layers.includes('request ids') ? { genReqId: () => randomUUID(), requestIdHeader: false } : {}),
  });
  if (layers.includes('security headers'))
    registerSecurity(app, { publicUrl: 'http://127.0.0.1', secureCookies: false });
  if (layers.includes("cookie plugin (the app's until decision 036)")) await app.register(fastifyCookie);
  const contract = layers.includes('zod contract');
  if (contract) useRouteContracts(app);
  await app.register(async (scope) => {
    if (layers.includes('no-store hook'))
      scope.addHook('onRequest', (_q, reply, done) => (reply.header('cache-control', 'no-store'), done()));
    scope.get(
      '/api/gifts/claim/:token',
      contract ? { schema: { params: claimTokenParamSchema, response: { 200: claimLookupSchema } } } : {},
      async (request) => (createHash('sha256').update(request.params.token).digest('hex'), answer),
    );
  });
  await app.ready();
  const once = () => app.inject({ method: 'GET', url: `/api/gifts/claim/${token}` });
  for (let i = 0; i < 2000; i++) await once();
  const before = process.cpuUsage();
  for (let i = 0; i < N; i++) await once();
  const used = process.cpuUsage(before);
  await app.close();
  await log.close();
  return (used.user + used.system) / N;
}

const STEPS = [
  'request ids',
  'info log, two lines, synchronous (before)',
  'info log, one line, asynchronous (now)',
  'security headers',
  "cookie plugin (the app's until decision 036)",
  'no-store hook',
  'zod contract',
];
const rows = [];
let base;
let previous;
for (let k = 0; k <= STEPS.length; k++) {
  // The "now" log replaces the "before" one; every other step adds to what came before.
  const layers = STEPS.slice(0, k).filter(
    (l, _, all) => !(l.includes('(before)') && all.some((m) => m.includes('(now)'))),
  );
  const us = Math.min(await perRequestUs(layers), await perRequestUs(layers)); // best of two: the machine is shared
  base ??= us;
  rows.push({
    with: k === 0 ? 'bare Fastify (inject)' : `${STEPS[k - 1].includes('(now)') ? 'instead: ' : '+ '}${STEPS[k - 1]}`,
    'CPU µs per request': us.toFixed(1),
    step: previous === undefined ? '' : `${us - previous >= 0 ? '+' : ''}${(us - previous).toFixed(1)}`,
    'vs bare': `${((us / base - 1) * 100).toFixed(0)} %`,
  });
  previous = us;
}
console.table(rows);
console.log(`load average ${os.loadavg()[0].toFixed(2)}`);

// The database: the app's drizzle prepared statement and the bare server's plain query, on a fresh PostgreSQL
// database migrated by the app, one query at a time; both are named prepared statements.
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
  pool.query({
    name: 'bare_lookup',
    text: 'select status, recipient_first_name, amount_cents, personal_note, security_question from gifts where claim_token_hash = $1',
    values: [hash],
  });
async function timeQueries(fn) {
  for (let i = 0; i < 500; i++) await fn();
  const t = process.hrtime.bigint();
  for (let i = 0; i < 5000; i++) await fn();
  return Number(process.hrtime.bigint() - t) / 1000 / 5000;
}
const q = {
  'node-postgres named statement (bare)': await timeQueries(raw),
  'drizzle prepared (app)': await timeQueries(() => prepared.execute({ hash })),
};
console.table(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, { 'µs per query': v.toFixed(1) }])));
await pool.end();
await database.drop();
