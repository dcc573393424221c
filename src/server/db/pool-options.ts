// How the app opens its node-postgres pool; the benches' bare baselines open theirs the same way
// (bench/lib/bare-serve.mjs), so a comparison never turns on a pool setting. Nothing else is imported here: a bare
// baseline loads this file alone.

/**
 * How long an idle connection is kept: a minute, not node-postgres's 10 s. With 10 s every quiet spell of a little
 * over ten seconds closed the whole pool, and the next burst paid for twenty new connections (and PostgreSQL for
 * twenty new backends planning the prepared statements again); under the claim bench, whose sides each rest about
 * 12 s between rounds, the app's CPU per lookup then drifted from ≈ 80 µs to 87–111 µs over the following rounds
 * (decision 033's addendum, docs/benchmarks.md "Session 16").
 */
export const POOL_IDLE_TIMEOUT_MS = 60_000;

export function poolOptions(connectionString: string, max: number) {
  return { connectionString, max, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS };
}
