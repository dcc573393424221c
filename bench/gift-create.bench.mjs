// Gift creation, POST /api/gifts to the checkout URL (sandbox provider, no security question): the built app,
// started as production starts it behind a proxy (TRUST_PROXY, the default allowance of gift starts per client),
// against the best a bare Fastify + node-postgres server does writing the same rows with the same rules in one
// transaction (bench/lib/bare-gift-server.mjs), side by side in one run, rounds alternating, with the generator's
// ceiling and the 20% self-check (bench/lib/http-bench.mjs: 20% of a gift's CPU, PostgreSQL's included). Every
// request comes from its own client address (X-Forwarded-For), so the per-client allowance counts as it does for
// real visitors, never refusing one.
// Target (issue 27): throughput >= 0.8x the bare server's, no failed request; p99 is reported.
// Run: npm run bench gift-create (BENCH_DURATION seconds per side and round, default 4; BENCH_ROUNDS, default 3;
// BENCH_STARTS sets of fresh processes, default 3, the verdict on all their rounds; BENCH_TABLE_GIFTS, the gifts
// already in the table, default 2000: 1000000 for the growth check).
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { appVersusBare, overStarts, postRequests, replayableHeaders, startComparison } from './lib/http-bench.mjs';
import { growGifts } from './lib/claim-seed.mjs';
import { placeBenchAndDatabase, placementText } from './lib/placement.mjs';
import { freshPostgres, startBuiltServer } from './lib/server.mjs';
import { checkTargets } from './lib/targets.mjs';

const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const POOL = '20';
const TABLE_GIFTS = Number(process.env.BENCH_TABLE_GIFTS ?? 2000);
const ADDRESSES = 60_000;
const body = JSON.stringify({
  amount: '50.00',
  processingFee: '2.80',
  tip: '1.00',
  totalPaid: '53.80',
  recipientGets: '50.00',
  senderCoversFees: false,
  recipientFirstName: 'Rita',
  recipientLastName: 'Recipient',
  recipientEmail: 'bench.rita@example.com',
  securityQuestion: null,
  securityAnswerHash: null,
  personalNote: 'Happy birthday!',
});

const database = await freshPostgres('giftcreate');
const startApp = () =>
  startBuiltServer({
    databaseUrl: database.url,
    env: { DATABASE_POOL_MAX: POOL, TRUST_PROXY: 'true', GIFT_STARTS_PER_CLIENT: '20' },
  });
const stops = [() => database.drop()];
try {
  const app = await startApp();
  stops.unshift(() => app.stop());
  // BENCH_TABLE_GIFTS: the table's size during the run (issue 27 point 4: 2,000 and 1,000,000).
  const grown = await growGifts(database.url, TABLE_GIFTS);
  if (grown) console.log(`gifts table grown by ${grown} filler gifts to ${TABLE_GIFTS}`);
  const address = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const requests = postRequests(
    '/api/gifts',
    body,
    Array.from({ length: ADDRESSES }, (_, i) => ({ 'x-forwarded-for': address(i + 1) })),
  );
  const post = (url, i) =>
    fetch(`${url}/api/gifts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address(ADDRESSES + i) },
      body,
    });
  stops.push(placeBenchAndDatabase());
  console.log(
    `${STARTS} starts, each ${CONNECTIONS} connections, ${ROUNDS} rounds x ${SECONDS} s per side, PostgreSQL, ` +
      `pool ${POOL} each; ${placementText()}`,
  );
  const comparisons = [];
  const run = await overStarts({
    starts: STARTS,
    app,
    startApp,
    rounds: { requests, connections: CONNECTIONS, rounds: ROUNDS, seconds: SECONDS },
    prepare: async ({ app, start, stops }) => {
      // One gift each first: both answer a checkout URL and write the same rows (a gift, its checkout, an attempt).
      const before = await rowCounts(database.url);
      const first = await post(app.url, 2 * start - 1);
      const appAnswer = await first.text();
      const afterApp = await rowCounts(database.url);
      const comparison = await startComparison({
        app,
        bareScript: 'bench/lib/bare-gift-server.mjs',
        bareEnv: {
          DATABASE_URL: database.url,
          POOL_MAX: POOL,
          PUBLIC_URL: app.url,
          GIFT_STARTS_PER_CLIENT: '20',
          BARE_HEADERS: JSON.stringify(replayableHeaders(first)),
        },
        requests,
        connections: CONNECTIONS,
        stops,
      });
      comparisons.push({ extraCostMicros: comparison.extraCostMicros, ceilingFirst: comparison.ceilingFirst });
      const beforeBare = await rowCounts(database.url);
      const bareFirst = await post(comparison.bare.url, 2 * start);
      const bareAnswer = await bareFirst.text();
      const afterBare = await rowCounts(database.url);
      const shape = (status, text) => `${status} ${text.replace(/cs_sandbox_[\w-]+/, 'cs_sandbox_<id>')}`;
      if (shape(first.status, appAnswer) !== shape(bareFirst.status, bareAnswer))
        throw new Error(`answers differ: ${appAnswer} vs ${bareAnswer}`);
      const added = (a, b) => JSON.stringify(Object.fromEntries(Object.keys(a).map((k) => [k, b[k] - a[k]])));
      if (added(before, afterApp) !== added(beforeBare, afterBare))
        throw new Error(`rows written differ: app ${added(before, afterApp)}, bare ${added(beforeBare, afterBare)}`);
      console.log(`each side answers ${shape(first.status, appAnswer)} and writes ${added(before, afterApp)}`);
      return comparison.sides;
    },
  });
  const { targets, figures } = appVersusBare(run, { throughputAtLeast: 0.8 });
  const missed = checkTargets('gift creation', targets);
  const gifts = (await rowCounts(database.url)).gifts;
  console.log(`${gifts} gifts in the table at the end`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/gift-create-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    JSON.stringify(
      {
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: run.rounds,
        starts: comparisons,
        giftsAtEnd: gifts,
        ...figures,
        missed,
      },
      null,
      2,
    ),
  );
} finally {
  for (const stop of stops) await stop();
}

async function rowCounts(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `select (select count(*) from gifts)::int as gifts, (select count(*) from sandbox_checkouts)::int as checkouts,
      (select count(*) from rate_events)::int as attempts`,
  );
  await client.end();
  return rows[0];
}
