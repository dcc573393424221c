// The app's pool keeps an idle connection a minute (src/server/db/pool-options.ts): a quiet spell of a few seconds
// must not close the pool and make the next burst open every connection again.
import pg from 'pg';
import { POOL_IDLE_TIMEOUT_MS, poolOptions } from '../../src/server/db/pool-options.js';

it('keeps idle connections for a minute, with the size asked for', () => {
  expect(POOL_IDLE_TIMEOUT_MS).toBe(60_000);
  expect(poolOptions('postgres://db/x', 20)).toEqual({
    connectionString: 'postgres://db/x',
    max: 20,
    idleTimeoutMillis: 60_000,
  });
});

it('is what node-postgres reads: an idle client stays past its own 10 s default', async () => {
  const pool = new pg.Pool(poolOptions('postgres://127.0.0.1:1/none', 2));
  expect(pool.options.idleTimeoutMillis).toBe(60_000);
  expect(pool.options.max).toBe(2);
  await pool.end();
});
