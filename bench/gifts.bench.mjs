// POST /api/gifts on PostgreSQL with the sandbox provider: median and p99 latency at 16 connections, with and
// without a security question (the difference is the argon2id answer hash), plus the hash alone in-process.
// Run: npm run build && node bench/gifts.bench.mjs   (BENCH_SECONDS=10 by default; BENCH_DATABASE_URL for another server)
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { freshPostgres, rssMb, startBuiltServer } from './lib/server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;

function payload(withQuestion) {
  return JSON.stringify({
    amount: '50.00',
    processingFee: '2.80',
    tip: '1.00',
    totalPaid: '53.80',
    recipientGets: '50.00',
    senderCoversFees: false,
    recipientFirstName: 'Rita',
    recipientLastName: 'Recipient',
    recipientEmail: 'bench.rita@example.com',
    securityQuestion: withQuestion ? "What is your pet's name?" : null,
    securityAnswerHash: withQuestion ? 'Rex' : null,
    personalNote: 'Happy birthday!',
  });
}

async function load(url, withQuestion, duration) {
  const result = await autocannon({
    url: `${url}/api/gifts`,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    headers: { 'content-type': 'application/json' },
    body: payload(withQuestion),
  });
  const non2xx = result.non2xx + result.errors;
  if (non2xx > 0)
    throw new Error(`${non2xx} requests failed (first status codes: ${JSON.stringify(result.statusCodeStats)})`);
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

async function hashAlone(samples = 40) {
  const { hashSecret, normaliseAnswer } = await import('../dist/node/server/crypto.js');
  const times = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await hashSecret(normaliseAnswer('  Rex  '));
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return {
    medianMs: Number(times[Math.floor(samples / 2)].toFixed(1)),
    p99Ms: Number(times[Math.floor(samples * 0.99)].toFixed(1)),
  };
}

const pg = await freshPostgres('gifts');
const server = await startBuiltServer({ databaseUrl: pg.url, env: { JOBS_ENABLED: 'false' } });
try {
  await load(server.url, true, 2); // warm-up: connections, JIT, argon2 memory
  const withHash = await load(server.url, true, SECONDS);
  const withoutHash = await load(server.url, false, SECONDS);
  const rss = await rssMb(server.pid);
  const hash = await hashAlone();
  const result = {
    bench: 'gifts',
    at: new Date().toISOString(),
    connections: CONNECTIONS,
    seconds: SECONDS,
    withSecurityQuestion: withHash,
    withoutSecurityQuestion: withoutHash,
    argon2idHashAloneSingleThread: hash,
    serverRssMb: rss,
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL(`./results/gifts-${Date.now()}.json`, import.meta.url), JSON.stringify(result, null, 2) + '\n');
} finally {
  await server.stop();
  await pg.drop();
}
