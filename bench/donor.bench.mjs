// Donor area: gift-history throughput for a donor with 200 gifts among 50,000 others (PostgreSQL), and the
// sign-in request's answer time for known vs unknown addresses (they must not be told apart by timing).
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { freshPostgres, rssMb, startBuiltServer } from './lib/server.mjs';

const OTHER_GIFTS = 50_000;
const DONOR_GIFTS = 200;
const sha256 = (s) => createHash('sha256').update(s).digest('hex');

const database = await freshPostgres('donor');
const server = await startBuiltServer({
  databaseUrl: database.url,
  env: { TRUST_PROXY: 'true', JOBS_ENABLED: 'false' },
});
const client = new pg.Client({ connectionString: database.url });
await client.connect();
try {
  // One donor with DONOR_GIFTS gifts, 5 more donors for the sign-in timing, and OTHER_GIFTS gifts of nobody's account.
  const { rows } = await client.query(
    `insert into donors (email, first_name, last_name, created_at)
     select 'bench' || i || '@example.com', 'Bench', 'Donor' || i, now() from generate_series(0, 5) i returning id`,
  );
  const donorId = rows[0].id;
  const gift = (donorExpr, n) => `
    insert into gifts (public_id, state, amount_cents, fee_cents, tip_cents, total_cents, recipient_first_name,
      recipient_last_name, donor_id, created_at)
    select 'g_bench_' || ${donorExpr} || '_' || i, (array['pending','paid','claimed','refunding','refunded'])[1 + i % 5],
      1000 + i, 80, 100, 1180 + i, 'Rita', 'Recipient', ${donorExpr}, now() - (i || ' minutes')::interval
    from generate_series(1, ${n}) i`;
  await client.query(gift(String(donorId), DONOR_GIFTS));
  await client.query(gift('null', OTHER_GIFTS).replaceAll("'g_bench_' || null", "'g_other'"));
  // The claimed ones' payouts (gift_payouts, decision 019).
  await client.query(
    `insert into gift_payouts (gift_id, claimed_at) select id, now() from gifts where state = 'claimed'`,
  );
  await client.query('analyze');
  const sessionId = randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (id_hash, kind, subject_id, created_at, last_seen_at, absolute_expires_at)
     values ($1, 'donor', $2, now(), now(), now() + interval '12 hours')`,
    [sha256(sessionId), donorId],
  );

  const history = await autocannon({
    url: `${server.url}/api/donor/gift-history`,
    connections: 10,
    duration: 10,
    headers: { cookie: `hg_donor=${sessionId}` },
  });
  const count = (
    await (await fetch(`${server.url}/api/donor/gift-history`, { headers: { cookie: `hg_donor=${sessionId}` } })).json()
  ).length;

  // Sign-in requests: 25 to addresses with an account, 25 without, interleaved, each from its own client address.
  const timings = { known: [], unknown: [] };
  for (let i = 0; i < 50; i++) {
    const known = i % 2 === 0;
    const email = known ? `bench${1 + (i % 5)}@example.com` : `nobody${i}@example.com`;
    const started = performance.now();
    const res = await fetch(`${server.url}/api/donor/sign-in/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${i}` },
      body: JSON.stringify({ email }),
    });
    await res.text();
    if (res.status !== 200) throw new Error(`sign-in request answered ${res.status}`);
    timings[known ? 'known' : 'unknown'].push(performance.now() - started);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const result = {
    date: new Date().toISOString(),
    giftHistory: {
      giftsReturned: count,
      otherGiftsInTable: OTHER_GIFTS,
      requestsPerSecond: Math.round(history.requests.average),
      latencyP50Ms: history.latency.p50,
      latencyP99Ms: history.latency.p99,
      non2xx: history.non2xx,
    },
    signInRequestMedianMs: { known: +median(timings.known).toFixed(2), unknown: +median(timings.unknown).toFixed(2) },
    serverRssMb: await rssMb(server.pid),
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/donor-${Date.now()}.json`, JSON.stringify(result, null, 2));
} finally {
  await client.end();
  await server.stop();
  await database.drop();
}
