// Hot reads as prepared statements, one per database (the tests run apps on several in one process): drizzle
// builds the SQL once, and PostgreSQL parses and plans it once per connection instead of on every call.
import type { Db } from './client.js';

/** Wraps a builder ending in .prepare(name): answers the database's prepared query, built on first use. */
export function preparedPerDb<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
