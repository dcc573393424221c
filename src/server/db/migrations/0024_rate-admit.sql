-- Rate limits (services/rate-limit.ts admitAttempt): one window's check and record in one statement, one round
-- trip without a transaction of its own (issue 27 point 3, docs/benchmarks.md "Gift creation"). The lock per
-- bucket serializes callers; as a VOLATILE function each query inside takes a fresh snapshot (READ COMMITTED), so
-- the count after the lock sees every attempt a caller that held the lock committed, and the lock is released only
-- when the calling transaction ends, after its insert is committed. Answers the new attempt's id (null when the
-- window is full), the window's count before it (up to the limit) and its oldest attempt in epoch milliseconds.
CREATE FUNCTION "rate_admit"(p_bucket text, p_since timestamptz, p_limit integer, p_now timestamptz,
  OUT id integer, OUT n integer, OUT oldest double precision) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_bucket));
  SELECT count(*)::integer, (extract(epoch FROM min(counted.created_at)) * 1000)::double precision INTO n, oldest
    FROM (SELECT created_at FROM rate_events WHERE bucket = p_bucket AND created_at > p_since
          ORDER BY created_at LIMIT p_limit) counted;
  IF n < p_limit THEN
    INSERT INTO rate_events (bucket, created_at) VALUES (p_bucket, p_now) RETURNING rate_events.id INTO id;
  END IF;
END $$;
