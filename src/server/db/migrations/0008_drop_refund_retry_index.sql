-- The reconciler (ledger_movements) retries refunds now; nothing reads gifts by refund retry time any more.
DROP INDEX IF EXISTS "gifts_refund_retry_idx";
