// The claim lookup, GET /api/gifts/claim/:token, the hottest public call: the built app on PostgreSQL at 64
// connections against a bare Fastify + node-postgres server doing the same single indexed lookup, side by side
// in one run on the same database (alternating rounds, so both see the same machine load).
// Targets (issue 16): throughput >= 0.9x the bare server's, p99 latency <= 1.3x, no failed request; exits non-zero
// when one is missed. Run: npm run bench claim
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, freshPostgres, startBuiltServer } from './lib/server.mjs';
import { checkTargets } from './lib/targets.mjs';

const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const GIFTS = 2000;

const database = await freshPostgres('claim');
const app = await startBuiltServer({ databaseUrl: database.url }); // migrates the fresh database
const tokens = await seed(database.url);
const barePort = await freePort();
const bare = spawn(process.execPath, ['bench/lib/bare-claim-server.mjs'], {
  env: { PATH: process.env.PATH, PORT: String(barePort), DATABASE_URL: database.url, POOL_MAX: '20' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const bareUrl = `http://127.0.0.1:${barePort}`;
await waitUp(bareUrl);

try {
  // Both answer the same thing for the same token.
  const [a, b] = await Promise.all(
    [app.url, bareUrl].map((u) => fetch(`${u}/api/gifts/claim/${tokens[0]}`).then((r) => r.json())),
  );
  if (JSON.stringify(a) !== JSON.stringify(b))
    throw new Error(`answers differ: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);

  await load(app.url, 3);
  await load(bareUrl, 3);
  const results = { app: [], bare: [] };
  for (let i = 0; i < ROUNDS; i++) {
    results.bare.push(await load(bareUrl, DURATION_S));
    results.app.push(await load(app.url, DURATION_S));
  }
  const summary = (runs) => ({
    rps: Math.round(runs.reduce((s, r) => s + r.requests.average, 0) / runs.length),
    p50: Math.round((runs.reduce((s, r) => s + r.latency.p50, 0) / runs.length) * 10) / 10,
    p99: Math.round((runs.reduce((s, r) => s + r.latency.p99, 0) / runs.length) * 10) / 10,
    errors: runs.reduce((s, r) => s + r.errors + r.non2xx, 0),
  });
  const appS = summary(results.app);
  const bareS = summary(results.bare);
  const throughputRatio = Math.round((appS.rps / bareS.rps) * 100) / 100;
  const p99Ratio = Math.round((appS.p99 / bareS.p99) * 100) / 100;
  console.log(
    `connections ${CONNECTIONS}, ${ROUNDS} rounds x ${DURATION_S} s each, ${GIFTS} gifts, PostgreSQL, pool 20 each`,
  );
  console.table({ 'Hushgift app': appS, 'bare Fastify + pg': bareS });
  console.log(`load average ${loadavg()[0].toFixed(1)}`);
  const missed = checkTargets('claim lookup', [
    { what: 'throughput >= 0.9x the bare server', measured: `${throughputRatio}x`, met: throughputRatio >= 0.9 },
    { what: 'p99 <= 1.3x the bare server', measured: `${p99Ratio}x`, met: p99Ratio <= 1.3 },
    {
      what: 'no failed request',
      measured: `${appS.errors} app, ${bareS.errors} bare`,
      met: appS.errors === 0 && bareS.errors === 0,
    },
  ]);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/claim-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    JSON.stringify(
      {
        connections: CONNECTIONS,
        durationS: DURATION_S,
        rounds: ROUNDS,
        app: appS,
        bare: bareS,
        throughputRatio,
        p99Ratio,
        missed,
      },
      null,
      2,
    ),
  );
} finally {
  bare.kill('SIGTERM');
  await app.stop();
  await database.drop();
}

function load(url, seconds) {
  let i = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/gifts/claim/${tokens[i++ % tokens.length]}` }) },
    ],
  });
}

/** Paid gifts inside their 30-day claim window (the app answers 404 for a gift without an expiry date). */
async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const list = [];
  const now = new Date();
  for (let start = 0; start < GIFTS; start += 500) {
    const values = [];
    const params = [];
    for (let j = start; j < Math.min(GIFTS, start + 500); j++) {
      const token = randomBytes(32).toString('base64url');
      list.push(token);
      params.push(`g_${randomBytes(12).toString('base64url')}`, createHash('sha256').update(token).digest('hex'), now);
      const p = params.length;
      values.push(
        `($${p - 2}, 'paid', 5000, 280, 100, 5380, 'Rita', 'Happy birthday!', 'What is your pet''s name?', $${p - 1}, $${p}, $${p}, $${p}::timestamptz + interval '30 days')`,
      );
    }
    await client.query(
      `insert into gifts (public_id, status, amount_cents, fee_cents, tip_cents, total_cents, recipient_first_name,
        personal_note, security_question, claim_token_hash, created_at, paid_at, expires_at) values ${values.join(',')}`,
      params,
    );
  }
  await client.end();
  return list;
}

async function waitUp(url) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${url}/api/gifts/claim/x`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('bare server did not start');
}
