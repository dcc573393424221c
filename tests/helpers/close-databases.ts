// Setup file of the API tests (vitest.config.ts): after each test file, every test database the file opened and
// left open is closed, which checks its ledger (tests/helpers/databases.ts) and fails the file on a violation.
// A setup file's afterAll runs after the file's own, so databases the file closes itself are gone by then.
import { openTestDatabases } from './databases.js';

afterAll(async () => {
  const left = [...openTestDatabases];
  const results = await Promise.allSettled(left.map((database) => database.destroy()));
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length > 0)
    throw new AggregateError(
      failures.map((f) => f.reason as Error),
      String(failures[0]!.reason),
    );
});
