import { z } from "zod";

import { boundedField } from "@slotwise/core";

import { partnerParam } from "../../inputs/path-params.ts";
import { type FeedPosition } from "../../services/availability-feed.ts";

const CURSOR = /^(\d{1,15})\.(\d{1,15})$/;

/** A feed cursor: the last change number read and when the cursor was issued, opaque to the client. */
export function encodeFeedCursor(position: FeedPosition): string {
  return Buffer.from(`${position.after}.${position.issuedAt.getTime()}`).toString("base64url");
}

const feedCursor = boundedField("cursor", 64)
  .transform((cursor, ctx): FeedPosition => {
    const match = CURSOR.exec(Buffer.from(cursor, "base64url").toString());
    const after = Number(match?.[1]);
    const issuedAt = new Date(Number(match?.[2]));
    if (!match || !Number.isSafeInteger(after) || Number.isNaN(issuedAt.getTime())) {
      ctx.addIssue({ code: "custom", message: "cursor must be the next value of a previous answer, unchanged" });
      return z.NEVER;
    }
    return { after, issuedAt };
  })
  .meta({ description: "The `next` of the previous answer; leave it out to start from now" });

export const availabilityChangesInput = z.object({ partner: partnerParam, cursor: feedCursor.optional() });
