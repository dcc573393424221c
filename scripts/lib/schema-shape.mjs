// A database's shape, compared by `npm run db:check` (scripts/check-migrations.mjs) and the migration upgrade test
// (tests/api/migration-upgrade.test.ts): its columns, indexes and constraints in the public schema, one line each.
// Triggers and functions are not read. Runs on PostgreSQL and PGlite alike.
export const SCHEMA_SHAPE_SQL = `
  select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' null=' || is_nullable
         || ' default=' || coalesce(column_default, '') as line
    from information_schema.columns where table_schema = 'public'
  union all select 'index ' || indexdef from pg_indexes where schemaname = 'public'
  union all select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace = 'public'::regnamespace`;

/** The query's rows as sorted lines. */
export const shapeLines = (rows) => rows.map((row) => row.line).sort();
