// Fails when db/schema.ts and the committed migrations disagree (run by .ci/run; `npm run db:check`):
//  1. drizzle-kit's own check of the snapshots and journal;
//  2. a `drizzle-kit generate` into a copy of the migrations folder must write nothing (the newest snapshot is true);
//  3. with a PostgreSQL server (CHECK_DATABASE_URL, or TEST_DATABASE_URL's server), a database migrated by the
//     committed migrations has the same columns, indexes and constraints as one made from schema.ts alone (the
//     snapshot and the SQL say the same thing). Triggers and functions live only in hand-written SQL and are not
//     compared.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { SCHEMA_SHAPE_SQL, shapeLines } from './lib/schema-shape.mjs';

const MIGRATIONS = 'src/server/db/migrations';
const problems = [];

function drizzleKit(args) {
  return execFileSync('npx', ['drizzle-kit', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs drizzle-kit generate into `out` with a throw-away config (drizzle-kit loads configs from the project). */
function generateInto(out, name) {
  const config = `drizzle.check-${process.pid}.config.ts`;
  writeFileSync(
    config,
    `import { defineConfig } from 'drizzle-kit';\nexport default defineConfig({ dialect: 'postgresql', schema: './src/server/db/schema.ts', out: ${JSON.stringify(out)} });\n`,
  );
  try {
    // drizzle-kit prints some failures (a missing snapshot) and still exits 0: require one of its two outcomes.
    const output = drizzleKit(['generate', '--config', config, '--name', name]);
    if (!/No schema changes|Your SQL migration file/.test(output)) throw new Error(`drizzle-kit generate: ${output}`);
  } finally {
    rmSync(config, { force: true });
  }
}

const listFiles = (dir) => readdirSync(dir, { recursive: true }).map(String).sort();

// 1. Snapshots and journal.
try {
  drizzleKit(['check']);
} catch (error) {
  problems.push(`drizzle-kit check failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
}

// 2. Nothing to generate.
// Inside the project: drizzle-kit reads `out` relative to it.
const work = mkdtempSync('.db-check-');
try {
  const copy = path.join(work, 'migrations');
  cpSync(MIGRATIONS, copy, { recursive: true });
  const before = listFiles(copy);
  generateInto(copy, 'unexpected');
  const added = listFiles(copy).filter((f) => !before.includes(f));
  if (added.length > 0) {
    problems.push(
      `db/schema.ts differs from the newest migration snapshot: \`npm run db:generate\` would write ${added.join(', ')}`,
    );
  }

  // 3. The SQL matches the schema.
  const server = process.env.CHECK_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (server) {
    const fresh = path.join(work, 'from-schema');
    generateInto(fresh, 'from_schema');
    const shapes = await Promise.all([
      shapeOf(server, 'committed', (db) => migrate(db, { migrationsFolder: MIGRATIONS })),
      shapeOf(server, 'schema', (db) => migrate(db, { migrationsFolder: fresh })),
    ]);
    const [committed, fromSchema] = shapes.map((rows) => new Set(rows));
    const onlyCommitted = [...committed].filter((r) => !fromSchema.has(r));
    const onlySchema = [...fromSchema].filter((r) => !committed.has(r));
    if (onlyCommitted.length + onlySchema.length > 0) {
      problems.push(
        [
          'the committed migrations and db/schema.ts make different databases:',
          ...onlyCommitted.map((r) => `  only in the migrations: ${r}`),
          ...onlySchema.map((r) => `  only in schema.ts:      ${r}`),
        ].join('\n'),
      );
    }
  } else {
    console.log(
      'db:check: no CHECK_DATABASE_URL or TEST_DATABASE_URL, so the SQL-against-schema comparison is skipped',
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`db:check failed:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('db:check: schema.ts, the snapshots, the journal and the SQL agree');

/** Migrates a new database on the server, reads its columns, indexes and constraints, and drops it. */
async function shapeOf(serverUrl, label, apply) {
  const name = `hushgift_check_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
  try {
    await client.connect();
    // Migration 0002 creates the extension itself; the schema-only database needs it for the trigram index.
    if (label === 'schema') await client.query('create extension if not exists pg_trgm');
    await apply(drizzle(client));
    return shapeLines((await client.query(SCHEMA_SHAPE_SQL)).rows);
  } finally {
    await client.end().catch(() => {});
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
