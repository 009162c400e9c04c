import { GoneError, ValidationError } from "@slotwise/core";
import {
  AVAILABILITY_CHANGES_KEEP_MS,
  availabilityFeedHead,
  readAvailabilityChanges,
  type AvailabilityChangeRow,
  type Database,
} from "@slotwise/db";

/** Where a partner stands in its operator's availability feed. */
export interface FeedPosition {
  /** The last change number read (or skipped as not this partner's). */
  after: number;
  /** When the answer that gave this position was made: a cursor older than the feed keeps is refused. */
  issuedAt: Date;
}

/** At most this many changes per answer (contract section 18). */
export const FEED_PAGE = 1_000;

export interface FeedAnswer {
  changes: AvailabilityChangeRow[];
  next: FeedPosition;
}

/**
 * The changes after `from` that the partner may sell, or, without `from`, none and the position
 * of now. A position before what the feed still keeps is 410 `cursor-expired`, never a page
 * with a silent gap; one past the operator's newest change was never handed out by this feed.
 */
export async function readAvailabilityFeed(
  db: Database,
  feed: { operatorId: number; partnerId: number },
  from: FeedPosition | undefined,
  now: Date,
): Promise<FeedAnswer> {
  if (!from) return { changes: [], next: { after: await availabilityFeedHead(db, feed.operatorId), issuedAt: now } };
  if (now.getTime() - from.issuedAt.getTime() > AVAILABILITY_CHANGES_KEEP_MS) {
    throw new GoneError(
      "The cursor is older than the 7 days of changes the feed keeps; resynchronise with the calendar",
    );
  }
  const page = await readAvailabilityChanges(db, { ...feed, after: from.after, limit: FEED_PAGE });
  if (from.after < page.purgedThrough) {
    throw new GoneError(
      "The changes after this cursor are past the 7 days the feed keeps; resynchronise with the calendar",
    );
  }
  if (from.after > page.last) {
    throw new ValidationError([
      { field: "cursor", message: "cursor must be the next value of a previous answer of this partner, unchanged" },
    ]);
  }
  return { changes: page.changes, next: { after: page.next, issuedAt: now } };
}
