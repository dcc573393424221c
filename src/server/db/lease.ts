// The one way a job leases rows (issue 22): one UPDATE pushes each picked row's next look past the lease, so no
// other instance takes it meanwhile, and a crash leaves it to the next run once the lease has run out. A batch
// picks `dueAmong` its due rows, selected FOR UPDATE SKIP LOCKED so instances share the work without overlap; a
// single attempt picks its row with a condition that holds only while the row is due.
// Used by the reconciler's movements (services/ledger/reconciler.ts) and the payout job (services/payouts/job.ts).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/** Leases the rows `which` picks: `lease` sets their next look past it. Add `.returning(...)`. */
export function takeLeases<T extends PgTable>(db: DbOrTx, table: T, lease: PgUpdateSetSource<T>, which: SQL) {
  return db.update(table).set(lease).where(which);
}

/** The rows a due query picks: a select of their ids ending in `.for('update', { skipLocked: true })`. */
export const dueAmong = (id: PgColumn, due: SQLWrapper): SQL => sql`${id} in (${due})`;
