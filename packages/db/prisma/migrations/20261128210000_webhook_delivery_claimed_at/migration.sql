-- When the attempt in flight was claimed: set by the worker's claim, cleared when the attempt is
-- logged. While its lease runs, a delivery with a claim is on its way to the receiver, and a
-- Redeliver of it would send a second copy alongside; the console's Redeliver leaves it alone.
ALTER TABLE "webhook_deliveries" ADD COLUMN "claimed_at" TIMESTAMPTZ(3);
