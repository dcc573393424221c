// A burst of provider events (issue 22 point 11): 2,000 distinct signed Stripe events posted 50 at a time to the
// built app (Stripe provider, as production runs it), then a tenth of them replayed; every event must be stored
// once (one webhook_events row per id), every replay answered as a duplicate, none lost or failed. Side by side in
// one run, rounds alternating: a bare Fastify + node-postgres server (bench/lib/bare-webhook-server.mjs) checking
// the same signature and inserting the same row by its unique key. The sender's own ceiling is measured against a
// server that does nothing (bench/lib/trivial-server.mjs) and must stay above twice the faster side.
// Target: the app ingests at >= 0.5x the bare server's rate.
// Run: npm run build && npm run bench webhook-burst (BENCH_EVENTS, default 2000; BENCH_ROUNDS, default 3)
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import Stripe from 'stripe';
import { load, startProcess, startTrivialServer, spread } from './lib/http-bench.mjs';
import { freshPostgres, startBuiltServer } from './lib/server.mjs';
import { checkTargets } from './lib/targets.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PARALLEL = 50;
const SECRET = 'whsec_bench_webhook_burst_secret';
const POOL = '20';

/** One signed checkout.session.expired event per index, ids unique to the side and round. */
function signedEvents(prefix) {
  return Array.from({ length: EVENTS }, (_, i) => {
    const id = `evt_${prefix}_${String(i).padStart(5, '0')}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.expired',
      api_version: '2024-06-20',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: `cs_test_${prefix}_${i}`, object: 'checkout.session', status: 'expired', metadata: {} } },
    });
    return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
  });
}

/** The events as raw HTTP/1.1 requests, built before the run (bench/lib/load-generator.mjs sends them). */
const rawRequests = (events) =>
  events.map(
    ({ payload, signature }) =>
      `POST /api/webhooks/stripe HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
      `stripe-signature: ${signature}\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
  );

/** Posts every event once, PARALLEL connections at a time; answers the rate and the answers' statuses. */
async function burst(port, events) {
  const result = await load({
    port,
    requests: rawRequests(events),
    connections: PARALLEL,
    seconds: 600,
    total: events.length,
  });
  return { rate: result.rps, seconds: Math.round((result.count / result.rps) * 100) / 100, ...result };
}

/** A sample of replays sent one by one, each answer read: every one must say it was a duplicate. */
async function replaysNotDuplicate(url, events) {
  let wrong = 0;
  for (const { payload, signature } of events.filter((_, i) => i % 50 === 0)) {
    const res = await fetch(`${url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    if (!res.ok || (await res.json()).duplicate !== true) wrong++;
  }
  return wrong;
}

const database = await freshPostgres('webhookburst');
const stops = [() => database.drop()];
try {
  const app = await startBuiltServer({
    databaseUrl: database.url,
    env: {
      DATABASE_POOL_MAX: POOL,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_bench_never_called',
      STRIPE_WEBHOOK_SECRET: SECRET,
      // Nothing here sends mail; production requires a server to be named.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DIGEST_SECRET: 'bench-digest-secret-of-at-least-32-characters',
      ADMIN_SETUP_CODE: 'bench-setup-code-0001',
      ADMIN_TOTP_KEY: 'bench-totp-key-of-at-least-32-characters',
    },
  });
  stops.unshift(() => app.stop());
  const bare = await startProcess('bench/lib/bare-webhook-server.mjs', {
    DATABASE_URL: database.url,
    POOL_MAX: POOL,
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
  stops.unshift(() => bare.stop());
  const trivial = await startTrivialServer();
  stops.unshift(() => trivial.stop());

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  stops.unshift(() => client.end());
  const stored = async (prefix) =>
    (await client.query('select count(*)::int as n from webhook_events where id like $1', [`evt_${prefix}_%`])).rows[0]
      .n;

  // Warm both sides and read the sender's ceiling.
  await burst(Number(new URL(app.url).port), signedEvents('warmapp').slice(0, 200));
  await burst(bare.port, signedEvents('warmbare').slice(0, 200));
  const ceiling = await burst(trivial.port, signedEvents('ceiling'));
  console.log(`sender ceiling (a server that does nothing): ${ceiling.rate} events/s`);

  const rounds = [];
  const problems = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const round = { load1: Number(loadavg()[0].toFixed(2)) };
    for (const [name, side] of [
      ['app', app],
      ['bare', bare],
    ]) {
      const prefix = `${name}${r}`;
      const events = signedEvents(prefix);
      const port = Number(new URL(side.url).port);
      const first = await burst(port, events);
      // A tenth replayed as a burst too (all must be answered 200 and store nothing), then a sample read one by one.
      const replays = await burst(
        port,
        events.filter((_, i) => i % 10 === 0),
      );
      const failed = first.failed + (first.count === EVENTS ? 0 : EVENTS - first.count) + replays.failed;
      const replayNotDuplicate = await replaysNotDuplicate(side.url, events);
      const rows = await stored(prefix);
      if (failed || replayNotDuplicate || rows !== EVENTS)
        problems.push(
          `${prefix}: ${failed} failed or unanswered, ${replayNotDuplicate} replays not answered as duplicates, ` +
            `${rows} of ${EVENTS} stored`,
        );
      round[name] = { rate: first.rate, seconds: first.seconds, stored: rows, failed };
    }
    console.log(
      `round ${r}/${ROUNDS} (load ${round.load1}): app ${round.app.rate} events/s (${round.app.stored} stored), ` +
        `bare ${round.bare.rate} events/s (${round.bare.stored} stored)`,
    );
    rounds.push(round);
  }
  const ratio = spread(rounds.map((r) => r.app.rate / r.bare.rate));
  const fastest = Math.max(...rounds.flatMap((r) => [r.app.rate, r.bare.rate]));
  console.log(`app / bare ingest rate: min ${ratio.min}, median ${ratio.median}, max ${ratio.max}`);
  const missed = checkTargets('webhook burst', [
    {
      what: 'every event stored once, every replay a duplicate, none failed',
      measured: problems.length ? problems.join('; ') : 'yes',
      met: problems.length === 0,
    },
    {
      what: 'the sender is not the limit (faster side <= half its ceiling)',
      measured: `${fastest} of ${ceiling.rate} events/s`,
      met: fastest <= ceiling.rate / 2,
    },
    { what: 'app ingest rate >= 0.5x bare (median)', measured: `${ratio.median}x`, met: ratio.median >= 0.5 },
  ]);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/webhook-burst-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    JSON.stringify({ events: EVENTS, parallel: PARALLEL, ceiling: ceiling.rate, rounds, ratio, missed }, null, 2),
  );
} finally {
  for (const stop of stops) await stop();
}
