// How every bare baseline server runs (bench/lib/bare-*-server.mjs): it listens on a free loopback port (PORT when
// given: bench/claim-instructions.mjs starts it under valgrind, without the IPC channel), tells the
// bench its port over the IPC channel (bench/lib/http-bench.mjs startProcess), and on SIGTERM closes, then ends its pool.
// Its pool is opened as the app opens its own (src/server/db/pool-options.ts), of POOL_MAX connections (default 20),
// and it keeps one of Node's tick objects alive as the app's start does (src/server/tick-shape.ts, decision 039): the
// app's runtime tuning applies to the baselines too, as its node flags do.
import pg from 'pg';

const { poolOptions } = await import('../../dist/node/server/db/pool-options.js');
const { keepTickObjectShape } = await import('../../dist/node/server/tick-shape.js');
keepTickObjectShape();

export const barePool = () => new pg.Pool(poolOptions(process.env.DATABASE_URL, Number(process.env.POOL_MAX ?? 20)));

export async function serveBare(app, pool) {
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  process.send?.({ port: app.server.address().port });
  process.on('SIGTERM', async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}
