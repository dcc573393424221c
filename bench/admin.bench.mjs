// Admin at scale: 1,000,000 gifts on PostgreSQL. Measures search p95 at 8 concurrent connections, stats latency,
// and process-expired for 1,000 and 10,000 due gifts with the sandbox provider (refund + e-mail queued per gift).
// Targets (checked at the end; exits non-zero when one is missed): search p95 <= 50 ms overall and for each kind of
// query, every seeded query kind finds what it should (the token finds its gift), stats p95 <= 50 ms, every due
// gift refunded (processed = due, one refund row each), 10,000 expiries <= 30 s and linear (ms per gift at 10,000
// no more than 1.25x that at 1,000).
// Run: npm run bench admin   (BENCH_GIFTS=200000 for a quicker pass; BENCH_DATABASE_URL for another server)
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { freshPostgres, startBuiltServer } from './lib/server.mjs';
import { checkTargets } from './lib/targets.mjs';

const GIFTS = Number(process.env.BENCH_GIFTS ?? 1_000_000);
const SEARCH_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 15);
const CONNECTIONS = 8;

const FIRST = [
  'Ava',
  'Ben',
  'Cleo',
  'Dev',
  'Eli',
  'Faye',
  'Gus',
  'Hana',
  'Ivan',
  'Jade',
  'Kai',
  'Lena',
  'Milo',
  'Nora',
  'Omar',
  'Pia',
  'Quin',
  'Rosa',
  'Sami',
  'Tess',
  'Uma',
  'Vik',
  'Wren',
  'Xena',
  'Yuri',
  'Zoe',
  'Arlo',
  'Bea',
  'Cyrus',
  'Dina',
];
const LAST = [
  'Adler',
  'Brooks',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Ueda',
  'Varga',
  'Weber',
  'Xu',
  'Yilmaz',
  'Zimmer',
  'Novak',
  'Silva',
  'Costa',
  'Horvat',
];
const arr = (xs) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n) => Math.round(n * 10) / 10;

async function seed(client) {
  // Bulk load without the secondary indexes, then rebuild them exactly as the migrations define them.
  const { rows: indexes } = await client.query(
    `select indexname, indexdef from pg_indexes
      where tablename in ('gifts', 'gift_senders') and indexname not in ('gifts_pkey', 'gift_senders_pkey')`,
  );
  for (const ix of indexes) await client.query(`drop index "${ix.indexname}"`);
  // The gifts' numbers, names and states, read by both inserts (gifts, and their senders in gift_senders).
  const source = `
      select i,
        (${arr(FIRST)})[1 + abs(hashint4(i)) % ${FIRST.length}] as rf,
        (${arr(LAST)})[1 + abs(hashint4(i + 7)) % ${LAST.length}] as rl,
        (${arr(FIRST)})[1 + abs(hashint4(i + 13)) % ${FIRST.length}] as sf,
        (${arr(LAST)})[1 + abs(hashint4(i + 29)) % ${LAST.length}] as sl,
        case when i % 20 < 2 then 'pending' when i % 20 < 8 then 'paid' when i % 20 < 16 then 'claimed'
             when i % 20 < 17 then 'expired' else 'refunded' end as st,
        500 + abs(hashint4(i + 3)) % 50000 as amt,
        -- Spread over the last year; paid gifts stay inside their 30-day window so none is due yet.
        now() - make_interval(secs => (${GIFTS} - i) * (25 * 86400.0 / ${GIFTS})) as created
      from generate_series(1, ${GIFTS}) as i`;
  const t0 = performance.now();
  await client.query(`
    insert into gifts (public_id, state, amount_cents, fee_cents, tip_cents, total_cents,
      recipient_first_name, recipient_last_name, recipient_email,
      claim_token_hash, checkout_session_id, created_at, paid_at, expires_at, refund_started_at, refunded_at,
      state_changed_at)
    select 'g_bench_' || i, case st when 'expired' then 'refunding' else st end, amt, (amt * 5 + 50) / 100 + 30, 100, amt + (amt * 5 + 50) / 100 + 30 + 100,
      rf, rl, lower(rf) || '.' || lower(rl) || i || '@example.com',
      encode(sha256(('bench-token-' || i)::bytea), 'hex'), 'cs_bench_' || i,
      created, case when st <> 'pending' then created end,
      case when st <> 'pending' then created + interval '30 days' end,
      case when st in ('expired', 'refunded') then created + interval '30 days' end,
      case when st = 'refunded' then created + interval '30 days' end,
      -- Since when claimed (retention's due date reads it): as its payout's claimed_at below.
      case when st = 'claimed' then created + interval '2 days' else now() end
    from (${source}) g`);
  // A paid gift's sender, as its checkout wrote it.
  await client.query(`
    insert into gift_senders (gift_id, sender_first_name, sender_last_name, sender_email)
    select gifts.id, sf, sl, lower(sf) || i || '@sender.example'
    from (${source}) g join gifts on gifts.public_id = 'g_bench_' || g.i
    where st <> 'pending'`);
  // The paid gifts' payment references and the claimed ones' payouts (their own tables, decision 019).
  await client.query(`
    insert into gift_payments (gift_id, payment_intent_id)
    select id, 'pi_bench_' || substr(public_id, 9) from gifts where state <> 'pending'`);
  await client.query(`
    insert into gift_payouts (gift_id, claimed_at)
    select id, created_at + interval '2 days' from gifts where state = 'claimed'`);
  // Each paid gift's sandbox payment, as its checkout left it: a refund's checks read it (what is left, disputes).
  await client.query(`
    insert into sandbox_checkouts (id, gift_public_id, lines, total_cents, success_url, cancel_url, status,
      payment_intent_id, created_at, expires_at)
    select g.checkout_session_id, g.public_id, '[]', g.total_cents, '/', '/', 'complete', p.payment_intent_id,
      g.created_at, g.created_at + interval '1 day'
    from gifts g join gift_payments p on p.gift_id = g.id`);
  const loadMs = performance.now() - t0;
  const t1 = performance.now();
  for (const ix of indexes) await client.query(ix.indexdef);
  await client.query('vacuum analyze gifts');
  await client.query('vacuum analyze gift_senders');
  return { loadMs, indexMs: performance.now() - t1 };
}

async function timed(fn) {
  const t = performance.now();
  const out = await fn();
  return { ms: performance.now() - t, out };
}

async function main() {
  const pgdb = await freshPostgres('admin');
  const server = await startBuiltServer({ databaseUrl: pgdb.url, env: { EXPIRY_INTERVAL_MINUTES: '10000' } });
  const client = new pg.Client({ connectionString: pgdb.url });
  await client.connect();
  const results = { gifts: GIFTS };
  try {
    console.log(`seeding ${GIFTS.toLocaleString()} gifts…`);
    Object.assign(results, await seed(client));
    console.log(`  loaded in ${ms(results.loadMs / 1000)} s, indexes rebuilt in ${ms(results.indexMs / 1000)} s`);

    const admin = { email: 'bench@example.com', password: 'bench password 1', firstName: 'Bench', lastName: 'Admin' };
    await fetch(`${server.url}/api/admin/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const cookie = login.headers.get('set-cookie').split(';')[0];
    const get = async (path) => {
      const res = await fetch(server.url + path, { headers: { cookie } });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };

    // Search: a mix of what an admin types. Whole e-mails are read back from the seeded gifts, so they match.
    const emails = (await client.query(`select recipient_email from gifts where id % 5000 = 1 order by id`)).rows.map(
      (r) => r.recipient_email,
    );
    const idOf = async (publicId) =>
      (await client.query('select id from gifts where public_id = $1', [publicId])).rows[0]?.id;
    const n = (k) => 1 + ((k * 7919) % GIFTS);
    const queries = [
      (k) => `q=${encodeURIComponent(emails[k % emails.length])}`, // a whole e-mail, of a real gift
      (k) => `q=${encodeURIComponent(`${n(k)}@sender`)}`, // part of a sender e-mail
      (k) => `q=${encodeURIComponent(LAST[k % LAST.length].slice(0, 5))}`, // part of a common name
      (k) => `q=${encodeURIComponent(`${FIRST[k % FIRST.length]} ${LAST[(k * 7) % LAST.length]}`)}&status=paid`, // full name + status
      (k) => `q=${encodeURIComponent(`bench-token-${n(k)}`)}`, // a claim token: the seed stores sha256('bench-token-<i>')
      (k) => `status=${['pending', 'paid', 'claimed', 'expired', 'refunded'][k % 5]}&page=${1 + (k % 3)}`, // status filter, pages
      (k) => `q=${encodeURIComponent(`zz${k}q`)}`, // nothing matches
    ];
    for (let k = 0; k < 20; k++) await get(`/api/admin/gifts/search?${queries[k % queries.length](k)}`); // warm-up
    // Each kind finds what it should, so its timing is of a real answer: the token exactly its gift, no match nothing.
    const found = async (kind, k) => await get(`/api/admin/gifts/search?${queries[kind](k)}`);
    const tokenHit = await found(4, 1);
    results.answers = {
      wholeEmail: (await found(0, 1)).length === 1,
      token: tokenHit.length === 1 && tokenHit[0].id === (await idOf(`g_bench_${n(1)}`)),
      noMatch: (await found(6, 1)).length === 0,
    };
    const latencies = [];
    const perKind = queries.map(() => []);
    let counter = 0;
    const until = performance.now() + SEARCH_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const k = counter++;
          const kind = k % queries.length;
          const { ms: t } = await timed(() => get(`/api/admin/gifts/search?${queries[kind](k)}`));
          latencies.push(t);
          perKind[kind].push(t);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    results.search = {
      requests: latencies.length,
      rps: Math.round(latencies.length / SEARCH_SECONDS),
      p50: ms(percentile(latencies, 50)),
      p95: ms(percentile(latencies, 95)),
      p99: ms(percentile(latencies, 99)),
      p95ByKind: perKind.map((l) =>
        ms(
          percentile(
            l.sort((a, b) => a - b),
            95,
          ),
        ),
      ),
    };
    console.log('search at 8 connections:', results.search);

    const statTimes = [];
    for (let k = 0; k < 30; k++) statTimes.push((await timed(() => get('/api/admin/stats'))).ms);
    statTimes.sort((a, b) => a - b);
    results.stats = {
      p50: ms(percentile(statTimes, 50)),
      p95: ms(percentile(statTimes, 95)),
      max: ms(statTimes.at(-1)),
    };
    console.log('stats:', results.stats);

    const recentTimes = [];
    for (let k = 0; k < 30; k++) recentTimes.push((await timed(() => get('/api/admin/gifts/recent'))).ms);
    recentTimes.sort((a, b) => a - b);
    results.recent = { p50: ms(percentile(recentTimes, 50)), p95: ms(percentile(recentTimes, 95)) };

    // Expiry: make N paid gifts due, then press the button.
    results.expiry = [];
    for (const count of process.env.BENCH_SKIP_EXPIRY ? [] : [1_000, 10_000]) {
      await client.query(
        `update gifts set expires_at = now() - interval '1 day' where id in (
           select id from gifts where status = 'paid' and expires_at > now() order by id limit $1)`,
        [count],
      );
      const settledRefunds = async () =>
        (
          await client.query(
            `select count(*)::int as n from ledger_movements where kind = 'refund' and state = 'succeeded'`,
          )
        ).rows[0].n;
      const before = await settledRefunds();
      // The button refunds what it expires, but the server's reconciler job may take over some of those movements
      // while it runs (and settles them itself): the time is until every due gift's refund has settled.
      const { ms: t, out } = await timed(async () => {
        const res = await fetch(`${server.url}/api/admin/process-expired`, { method: 'POST', headers: { cookie } });
        const answer = await res.json();
        const deadline = Date.now() + 120_000;
        while ((await settledRefunds()) - before < count && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 200));
        }
        return answer;
      });
      const processed = (await settledRefunds()) - before;
      const perGift = t / count;
      results.expiry.push({
        due: count,
        processed,
        byButton: out.processed,
        seconds: ms(t / 1000),
        msPerGift: ms(perGift),
      });
      console.log(
        `process-expired ${count}: ${processed} refunded (${out.processed} by the button itself) in ${ms(t / 1000)} s (${ms(perGift)} ms/gift)`,
      );
    }
    const { rows } = await client.query(`select count(*)::int as n from sandbox_refunds`);
    results.refundRows = rows[0].n;
  } finally {
    await client.end();
    await server.stop();
    if (process.env.BENCH_KEEP_DB) console.log(`kept ${pgdb.url}`);
    else await pgdb.drop();
  }
  const kinds = [
    'whole e-mail',
    'sender e-mail fragment',
    'part of a name',
    'full name + status',
    'token',
    'status + page',
    'no match',
  ];
  const expiry = (due) => results.expiry.find((e) => e.due === due);
  const dueTotal = results.expiry.reduce((n, e) => n + e.due, 0);
  results.missed = checkTargets(`admin at ${GIFTS.toLocaleString()} gifts`, [
    { what: 'search p95 <= 50 ms', measured: `${results.search.p95} ms`, met: results.search.p95 <= 50 },
    ...kinds.map((kind, i) => ({
      what: `search p95 <= 50 ms: ${kind}`,
      measured: `${results.search.p95ByKind[i]} ms`,
      met: results.search.p95ByKind[i] <= 50,
    })),
    ...Object.entries(results.answers).map(([kind, ok]) => ({
      what: `search answers right: ${kind}`,
      measured: String(ok),
      met: ok,
    })),
    { what: 'stats p95 <= 50 ms', measured: `${results.stats.p95} ms`, met: results.stats.p95 <= 50 },
    ...results.expiry.map((e) => ({
      what: `all ${e.due} due gifts processed`,
      measured: String(e.processed),
      met: e.processed === e.due,
    })),
    {
      what: 'one refund per expired gift',
      measured: `${results.refundRows} of ${dueTotal}`,
      met: results.refundRows === dueTotal,
    },
    ...(expiry(10_000)
      ? [
          {
            what: '10,000 expiries <= 30 s',
            measured: `${expiry(10_000).seconds} s`,
            met: expiry(10_000).seconds <= 30,
          },
          {
            what: 'expiry linear (ms/gift at 10,000 <= 1.25x at 1,000)',
            measured: `${expiry(10_000).msPerGift} vs ${expiry(1_000).msPerGift} ms`,
            met: expiry(10_000).msPerGift <= 1.25 * expiry(1_000).msPerGift,
          },
        ]
      : []),
  ]);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/admin-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    JSON.stringify(results, null, 2),
  );
  console.log(JSON.stringify(results, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
