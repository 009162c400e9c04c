import type { BookingSource, BookingStatus, Prisma, WaiverStatus } from "../generated/prisma/client.ts";
import { literalPattern } from "../literal-pattern.ts";
import type { Db } from "../tx.ts";
import { statusWhere } from "./status-filter.ts";

export const BOOKING_SORTS = ["startsAt", "createdAt", "reference", "customer", "participants", "totalAmount"] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

export interface BookingListQuery {
  /** Activity start in `[startsFrom, startsBefore)`. */
  startsFrom?: Date | undefined;
  startsBefore?: Date | undefined;
  source?: BookingSource | undefined;
  partnerId?: number | undefined;
  productId?: number | undefined;
  status?: BookingStatus | undefined;
  /** The moment the status filter is judged at (a hold past its deadline is expired). */
  now: Date;
  waiverStatus?: WaiverStatus | undefined;
  /** Words that must each appear in the reference, a customer field or the payment reference. */
  search?: string | undefined;
  sort: BookingSort;
  direction: "asc" | "desc";
  page: number;
  pageSize: number;
}

/**
 * The search's words (the first five), folded by the database's own `slotwise_search_folded`,
 * the function that folded the column: one ICU for both sides. Node's ICU, newer than the
 * database's, lower-cased letters new in Unicode 16 (U+1C89) that the column keeps as they are,
 * so a name typed exactly as stored would not be found.
 */
async function foldedWords(db: Db, search: string | undefined): Promise<string[]> {
  const words = (search ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return [];
  const rows = await db.$queryRaw<{ word: string }[]>`
    SELECT slotwise_search_folded(word) AS word FROM unnest(${words}::text[]) AS word`;
  return rows.map((r) => r.word);
}

function orderOf(sort: BookingSort, direction: "asc" | "desc"): Prisma.BookingOrderByWithRelationInput[] {
  const primary: Prisma.BookingOrderByWithRelationInput[] =
    sort === "customer" ? [{ customerLastName: direction }, { customerFirstName: direction }] : [{ [sort]: direction }];
  // The id breaks ties, so a page never repeats or skips a booking between requests.
  return [...primary, { id: direction }];
}

const ROW = {
  id: true,
  reference: true,
  startsAt: true,
  createdAt: true,
  source: true,
  status: true,
  expiresAt: true,
  waiverStatus: true,
  participants: true,
  totalAmount: true,
  currency: true,
  customerFirstName: true,
  customerLastName: true,
  customerEmail: true,
  paymentReference: true,
  partner: { select: { slug: true, name: true } },
  product: { select: { name: true, timeZone: true } },
} satisfies Prisma.BookingSelect;

/**
 * One page of an operator's bookings and the number matching in all. Filters and sorts run
 * in the database on indexed columns (a trigram index for the search). The page's ids come
 * first, read in the order of the sort's index, and then their rows: a deep page skips index
 * entries rather than whole rows, so page 2,000 costs about what page 1 does.
 */
export async function listBookings(db: Db, operatorId: number, query: BookingListQuery) {
  const where: Prisma.BookingWhereInput = {
    operatorId,
    ...(query.startsFrom || query.startsBefore ? { startsAt: { gte: query.startsFrom, lt: query.startsBefore } } : {}),
    ...(query.source ? { source: query.source } : {}),
    ...(query.partnerId === undefined ? {} : { partnerId: query.partnerId }),
    ...(query.productId === undefined ? {} : { productId: query.productId }),
    ...(query.status ? statusWhere(query.status, query.now) : {}),
    ...(query.waiverStatus ? { waiverStatus: query.waiverStatus } : {}),
    AND: (await foldedWords(db, query.search)).map((word) => ({
      searchText: { contains: literalPattern(word), mode: "insensitive" as const },
    })),
  };
  const [page, total] = await Promise.all([
    db.booking.findMany({
      where,
      orderBy: orderOf(query.sort, query.direction),
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
      select: { id: true },
    }),
    db.booking.count({ where }),
  ]);
  const ids = page.map((b) => b.id);
  const found = await db.booking.findMany({ where: { id: { in: ids } }, select: ROW });
  const byId = new Map(found.map((b) => [b.id, b]));
  // A booking deleted between the two reads is left out rather than failing the page.
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return { rows, total };
}
