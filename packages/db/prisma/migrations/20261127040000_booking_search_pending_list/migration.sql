-- A new booking's ~50 trigrams went straight into the search index (fastupdate = off): a
-- quarter of PostgreSQL's CPU per booking. Over plain pg, the booking's one statement,
-- prepared, 50 connections, two cores, PostgreSQL 15: 1,006 transactions/s with p99 139-150 ms
-- that way, 1,223-1,342 with p99 104-107 ms through the pending list merged every second
-- (bench/analysis.md, ninth session).
--
-- So new bookings wait in GIN's pending list again, but it stays short: the worker merges it
-- into the index on every tick (gin_clean_pending_list, in bulk, off the bookings' path), and
-- a booking that finds it over 2 MB (about 2,000 bookings: a stopped worker, a bulk load, or
-- more than about 1,000 bookings a second between two ticks) merges it inside its own
-- statement, holding its timeslot's row that long. A search reads the pending list too, so
-- results are exact either way; a full list cost a search 0-2 ms in SQL and 2-8 ms p50 over
-- HTTP, where the 100,000 bookings of a bulk load waiting until VACUUM cost 70 ms when this
-- index was first made.
--
-- Changing the index's settings locks it against every read and write of bookings until the
-- transactions already using it end: after 5 s the migration gives up, changing nothing, and
-- the next start tries it again.
SET LOCAL lock_timeout = '5s';
ALTER INDEX "bookings_search_text_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 2048);
