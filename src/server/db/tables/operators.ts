// The operators' audit log (decision 020). The second factor's secret and the session's last check are columns of
// admins and sessions, and the recovery codes (a foreign key to admins) a table beside them, in schema.ts.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The operators' audit log (decision 020): logins, failures, second-factor and password changes and every money
 * action; kept one year by the retention job. admin_id is null for a failure with an unknown e-mail.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id'),
    createdAt: ts('created_at').notNull(),
    ip: text('ip'),
    action: text('action').notNull(),
    /** The gift's public id for a gift action. */
    target: text('target'),
    outcome: text('outcome').notNull(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt, t.id)],
);
