// Suites that only make sense on PostgreSQL (a server process beside the test, several connections at once).
// Without TEST_DATABASE_URL they are skipped with a loud notice, or fail when POSTGRES_REQUIRED=1. When
// POSTGRES_RAN_DIR is set, each suite that ran leaves a file there: .ci/run counts them against the suites in
// the tree, so a PostgreSQL-only suite that silently did not run fails CI.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const postgresUrl: string | undefined = process.env.TEST_DATABASE_URL;

export function describePostgres(name: string, fn: () => void): void {
  if (!postgresUrl) {
    const notice = `TEST_DATABASE_URL is not set: the PostgreSQL-only suite "${name}" is SKIPPED.`;
    if (process.env.POSTGRES_REQUIRED === '1') throw new Error(`POSTGRES_REQUIRED=1 but ${notice}`);
    process.stderr.write(`\n${'!'.repeat(80)}\n!! ${notice}\n${'!'.repeat(80)}\n\n`);
  }
  describe.skipIf(!postgresUrl)(`${name} (PostgreSQL)`, () => {
    const ranDir = process.env.POSTGRES_RAN_DIR;
    if (ranDir) {
      afterAll(() => {
        writeFileSync(path.join(ranDir, name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()), 'ran\n');
      });
    }
    fn();
  });
}
