import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";

import { BookingStatusBadge, SourceBadge, WaiverBadge } from "../../../components/badges";
import { formatLocalDate, formatMoney } from "../../../lib/format";
import type { RouterInputs, RouterOutputs } from "../../../lib/trpc";

export type Row = RouterOutputs["console"]["bookings"]["list"]["rows"][number];
export type ListInput = RouterInputs["console"]["bookings"]["list"];
export type Sort = NonNullable<ListInput["sort"]>;

const column = createColumnHelper<Row>();
export const columns = [
  column.accessor("reference", {
    header: "Reference",
    cell: (c) => (
      <Link href={`/bookings/${c.getValue()}`} className="mono">
        {c.getValue()}
      </Link>
    ),
  }),
  column.display({
    id: "startsAt",
    header: "Activity date",
    cell: (c) => (
      <div>
        <div className="nowrap">
          {formatLocalDate(c.row.original.starts.date, { day: "numeric", month: "short", year: "numeric" })},{" "}
          {c.row.original.starts.time}
        </div>
        <div className="muted small">{c.row.original.activity}</div>
      </div>
    ),
  }),
  column.accessor("customer", {
    header: "Customer",
    cell: (c) => (
      <div>
        <div>{c.getValue() ?? <span className="muted">Not given yet (hold)</span>}</div>
        <div className="muted small break-anywhere">{c.row.original.email}</div>
      </div>
    ),
  }),
  column.accessor("participants", { header: "People", cell: (c) => <span className="num">{c.getValue()}</span> }),
  column.display({
    id: "totalAmount",
    header: "Total",
    cell: (c) => (
      <span className="num nowrap">{formatMoney(c.row.original.total.amount, c.row.original.total.currency)}</span>
    ),
  }),
  column.accessor("source", {
    header: "Source and payment",
    enableSorting: false,
    cell: (c) => (
      <div className="badges">
        <SourceBadge source={c.getValue()} partner={c.row.original.partner} />
        <span className="mono small muted clip" title={c.row.original.paymentReference ?? undefined}>
          {c.row.original.paymentReference ?? "no payment reference"}
        </span>
      </div>
    ),
  }),
  column.accessor("status", {
    header: "Status",
    enableSorting: false,
    cell: (c) => (
      <div className="badges">
        <BookingStatusBadge
          status={c.getValue()}
          expiresAt={c.row.original.expiresAt}
          timeZone={c.row.original.timeZone}
        />
        <WaiverBadge status={c.row.original.waiverStatus} />
      </div>
    ),
  }),
];

export const SORTABLE = new Set<string>([
  "reference",
  "startsAt",
  "customer",
  "participants",
  "totalAmount",
  "createdAt",
]);
/** What a screen reader says the table is sorted by. */
export const SORT_NAMES: Record<Sort, string> = {
  reference: "reference",
  startsAt: "activity date",
  customer: "customer",
  participants: "people",
  totalAmount: "total",
  createdAt: "booking date",
};
