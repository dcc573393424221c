// Mixed load for 60 s at 64 connections on PostgreSQL: claim lookups, status polls, gift creations and admin
// searches side by side (16 connections each). Records throughput, p50/p99 latency, errors and the server's peak
// resident memory, with the machine's 1-minute load average as the load starts and ends. Targets: zero errors,
// RSS ≤ 250 MB; exits non-zero when one is missed. The server runs with `npm start`'s node flags (bench/lib/server.mjs).
//   npm run build && node bench/load.bench.mjs        (LOAD_SECONDS=60 by default)
import autocannon from 'autocannon';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { freshPostgres, rssMb, startBuiltServer } from './lib/server.mjs';
import { checkTargets } from './lib/targets.mjs';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const GIFTS = 40;

const fee = (c) => Math.floor((c * 5 + 50) / 100) + 30;
const money = (c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
let seq = 0;
function giftPayload() {
  seq++;
  const amount = 2500 + (seq % 50) * 100;
  const tip = 100;
  return {
    amount: money(amount),
    processingFee: money(fee(amount)),
    tip: money(tip),
    totalPaid: money(amount + fee(amount) + tip),
    recipientGets: money(amount),
    senderCoversFees: false,
    recipientFirstName: 'Rita',
    // Names are letters only (decision 012): the sequence number spelled with a–j.
    recipientLastName: `Load${String(seq).replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`,
    recipientEmail: `load.${seq}@example.com`,
    securityQuestion: "What is your pet's name?",
    securityAnswerHash: 'Rex',
    personalNote: null,
  };
}

const db = await freshPostgres('load');
const server = await startBuiltServer({ databaseUrl: db.url, env: { OUTBOX_INTERVAL_MS: '200' } });
const { url } = server;
const json = { 'content-type': 'application/json', origin: url };

// Seed paid gifts through the real flow: create, pay in the sandbox, read the claim link from the dev mailbox.
const tokens = [];
const publicIds = [];
for (let i = 0; i < GIFTS; i++) {
  const payload = giftPayload();
  const created = await fetch(`${url}/api/gifts`, { method: 'POST', headers: json, body: JSON.stringify(payload) });
  const { checkoutUrl } = await created.json();
  await fetch(checkoutUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
    body: new URLSearchParams({
      email: 'payer@example.com',
      name: 'Pat Payer',
      card: '4242 4242 4242 4242',
    }).toString(),
  });
}
for (let tries = 0; tries < 100 && tokens.length < GIFTS; tries++) {
  const mails = await (await fetch(`${url}/api/dev/emails`)).json();
  tokens.length = 0;
  for (const m of mails) {
    const t = /\/claim\/([A-Za-z0-9_-]{43})/.exec(m.text)?.[1];
    if (t) tokens.push(t);
  }
  if (tokens.length < GIFTS) await new Promise((r) => setTimeout(r, 250));
}
// Status polls need public ids: read them from the claim lookups' companion, the admin API.
await fetch(`${url}/api/admin/setup`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({
    email: 'load.admin@example.com',
    password: 'load-admin-password',
    firstName: 'Load',
    lastName: 'Admin',
  }),
});
const login = await fetch(`${url}/api/admin/login`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({ email: 'load.admin@example.com', password: 'load-admin-password' }),
});
const cookie = login.headers.get('set-cookie').split(';')[0];
{
  // The status poll takes a gift's public id, which a recipient reaches through the claim flow; read them here.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows } = await client.query("select public_id from gifts where status = 'paid'");
  publicIds.push(...rows.map((r) => r.public_id));
  await client.end();
}
const lookups = await Promise.all(
  tokens.slice(0, 5).map((t) => fetch(`${url}/api/gifts/claim/${t}`).then((r) => r.status)),
);
console.log(`seeded ${tokens.length} paid gifts; sample lookups: ${lookups.join(',')}`);

// Other work on the machine lowers the throughput (and so the allocation rate): each figure goes with the load.
const loadBefore = os.loadavg()[0];
let peakRss = await rssMb(server.pid);
const sampler = setInterval(async () => {
  try {
    peakRss = Math.max(peakRss, await rssMb(server.pid));
  } catch {
    /* process gone */
  }
}, 500);

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const searchTerms = ['load.1', 'Rita', 'Load2', 'example.com', 'payer'];
const run = (name, opts) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: 16, duration: SECONDS, ...opts }, (err, result) =>
      err ? reject(err) : resolve([name, result]),
    );
  });

const results = await Promise.all([
  run('claim lookup', {
    requests: [{ setupRequest: (r) => ({ ...r, method: 'GET', path: `/api/gifts/claim/${pick(tokens)}` }) }],
  }),
  run('status poll', {
    requests: [{ setupRequest: (r) => ({ ...r, method: 'GET', path: `/api/gifts/${pick(publicIds)}/status` }) }],
  }),
  run('gift creation', {
    requests: [
      {
        setupRequest: (r) => ({
          ...r,
          method: 'POST',
          path: '/api/gifts',
          headers: json,
          body: JSON.stringify(giftPayload()),
        }),
      },
    ],
  }),
  run('admin search', {
    requests: [
      {
        setupRequest: (r) => ({
          ...r,
          method: 'GET',
          path: `/api/admin/gifts/search?q=${encodeURIComponent(pick(searchTerms))}`,
          headers: { cookie },
        }),
      },
    ],
  }),
]);
clearInterval(sampler);
peakRss = Math.max(peakRss, await rssMb(server.pid).catch(() => 0));
const load = `${loadBefore.toFixed(1)}–${os.loadavg()[0].toFixed(1)}`;

const rows = results.map(([name, r]) => ({
  name,
  requests: r.requests.total,
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts,
  non2xx: r.non2xx,
}));
console.log(`\nMixed load, ${SECONDS} s, 64 connections (16 per kind), PostgreSQL`);
console.table(rows);
const total = rows.reduce((n, r) => n + r.requests, 0);
console.log(
  `total ${total} requests (${Math.round(total / SECONDS)} req/s), errors ${rows.reduce((n, r) => n + r.errors + r.non2xx, 0)}, peak RSS ${peakRss} MB, load average ${load}`,
);
const failed = rows.reduce((n, r) => n + r.errors + r.non2xx, 0);
const missed = checkTargets('mixed load', [
  { what: 'no failed request', measured: String(failed), met: failed === 0 },
  { what: 'peak RSS <= 250 MB', measured: `${peakRss} MB`, met: peakRss > 0 && peakRss <= 250 },
]);
writeFileSync(
  `bench/results/load-${Date.now()}.json`,
  JSON.stringify({ seconds: SECONDS, rows, peakRss, load, missed }, null, 2),
);
await server.stop();
await db.drop();
