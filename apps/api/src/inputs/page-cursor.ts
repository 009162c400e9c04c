import { z } from "zod";

import { boundedField, INT4_MAX } from "@slotwise/core";

/** Where a page of bookings ended: its last booking's start and id, opaque to the client. */
export interface PageEnd {
  startsAt: Date;
  id: number;
}

export function encodeCursor(end: PageEnd): string {
  return Buffer.from(`${end.startsAt.getTime()}.${end.id}`).toString("base64url");
}

export const cursorParam = boundedField("cursor", 64)
  .transform((cursor, ctx): PageEnd => {
    const match = /^(\d{1,15})\.(\d{1,10})$/.exec(Buffer.from(cursor, "base64url").toString());
    const startsAt = new Date(Number(match?.[1]));
    const id = Number(match?.[2]);
    if (!match || Number.isNaN(startsAt.getTime()) || id < 1 || id > INT4_MAX) {
      ctx.addIssue({ code: "custom", message: "cursor must be the next value of a previous page, unchanged" });
      return z.NEVER;
    }
    return { startsAt, id };
  })
  .meta({ description: "The `next` of the previous page; leave it out for the first page" });
