-- The outbox kept the plain SHA-256 of each recipient after delivery, so a database backup could be tested against
-- guessed addresses, linking sender and recipient even after the 60-day erasure (issue 23, point 10). New rows keep
-- an HMAC under DIGEST_SECRET instead (never in the database). Where no lookup needs the digest any more it goes now:
-- messages of gifts already erased, and messages that belong to no gift (sign-in links, contact copies). Rows of
-- live gifts keep theirs until the retention job erases the gift, which now removes the digest with the address.
UPDATE "outbox" SET "recipient_hash" = NULL
WHERE "recipient_hash" IS NOT NULL
  AND ("gift_id" IS NULL OR "gift_id" IN (SELECT "id" FROM "gifts" WHERE "personal_data_erased_at" IS NOT NULL));
