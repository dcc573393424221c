// Where a claim lookup's time goes: the built app, started as production starts it, under node --cpu-prof while
// the bench's load generator sends claim lookups for BENCH_DURATION seconds (default 8), then a summary of the
// profile by kind of code (bench/lib/profile-summary.mjs). Not a bench with a target: run it by hand,
// node bench/claim-profile.mjs; the profile stays in the printed directory for Chrome DevTools or speedscope.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getRequests, load } from './lib/http-bench.mjs';
import { seedClaimableGifts } from './lib/claim-seed.mjs';
import { freshPostgres, startBuiltServer } from './lib/server.mjs';

const SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const dir = mkdtempSync(path.join(os.tmpdir(), 'hg-claim-profile-'));
process.env.BENCH_SERVER_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
const window = [0, Infinity];
const database = await freshPostgres('claimprof');
const app = await startBuiltServer({ databaseUrl: database.url });
try {
  const tokens = await seedClaimableGifts(database.url, 2000);
  const requests = getRequests(tokens.map((t) => `/api/gifts/claim/${t}`));
  const port = Number(new URL(app.url).port);
  await load({ port, requests, connections: 64, seconds: 2 });
  window[0] = (Date.now() - app.startedAt) / 1000;
  const result = await load({ port, requests, connections: 64, seconds: SECONDS });
  window[1] = (Date.now() - app.startedAt) / 1000;
  console.log(
    `${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.failed} failed, load ${os.loadavg()[0].toFixed(2)}`,
  );
} finally {
  await app.stop();
  await database.drop();
}
const profile = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
execFileSync(
  process.execPath,
  ['bench/lib/profile-summary.mjs', path.join(dir, profile), '30', ...window.map(String)],
  { stdio: 'inherit' },
);
