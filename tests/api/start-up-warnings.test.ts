// A process warning is printed by Node as a plain text line, outside the JSON logs an operator collects; the
// app must register every route without one (a route declaring `body: undefined` made Fastify print FSTWRN001).
import { buildTestApp } from '../helpers/test-app.js';

it('registers every route without a process warning', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  const ctx = await buildTestApp('pglite');
  try {
    await ctx.app.ready();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(ctx.app.printRoutes().length).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
  } finally {
    process.off('warning', onWarning);
    await ctx.close();
  }
});
