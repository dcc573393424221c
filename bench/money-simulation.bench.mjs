// The money simulation at scale (issue 13): 10,000 gifts on PostgreSQL through every story (claims with parallel
// completions, expiries, claims racing their expiry, dashboard refunds, reversals, refused movements, answers
// lost after the money moved), with duplicate and out-of-order webhooks, outages of random length and a restore
// from a backup taken 29 days earlier. Prints the figures and exits non-zero when any invariant is broken.
// Run: npm run bench money-simulation   (SIMULATION_GIFTS=1000 for a quicker pass, SIMULATION_SEED=<n> to replay;
// TEST_DATABASE_URL names the PostgreSQL server, default the local one)
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { SandboxProvider } from '../src/server/payments/sandbox/provider.ts';
import { buildTestApp } from '../tests/helpers/test-app.ts';
import { simulateMoney } from '../tests/simulation/money-simulation.ts';
import { simulatedProvider } from '../tests/simulation/simulated-provider.ts';
import { checkTargets } from './lib/targets.mjs';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const gifts = Number(process.env.SIMULATION_GIFTS ?? 10_000);
const seed = Number(process.env.SIMULATION_SEED ?? 20261122);

const ctx = await buildTestApp('postgres', {
  payments: ({ db, clock, config }) =>
    simulatedProvider(new SandboxProvider({ db, clock, publicUrl: config.publicUrl }), db, clock),
});
const load = loadavg()[0].toFixed(1);
try {
  const figures = await simulateMoney(ctx, ctx.deps.payments, { gifts, seed });
  console.log(JSON.stringify(figures, null, 2));
  console.log(`load average at the start: ${load}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/money-simulation-${Date.now()}.json`,
    JSON.stringify({ when: new Date().toISOString(), load, ...figures }, null, 2),
  );
  checkTargets('money simulation', [
    {
      what: 'every invariant holds for every gift (ledger, provider records, story outcomes)',
      measured: `${figures.violations.length} violations`,
      met: figures.violations.length === 0,
    },
    {
      what: 'nothing moved again under a key the provider had forgotten',
      measured: `${figures.forgottenKeys}`,
      met: figures.forgottenKeys === 0,
    },
  ]);
  if (figures.violations.length) console.error(figures.violations.slice(0, 50).join('\n'));
} finally {
  await ctx.close();
}
