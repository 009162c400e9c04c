"use client";

import { keepPreviousData } from "@tanstack/react-query";
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type SortingState,
} from "@tanstack/react-table";
import Link from "next/link";

import { BookingStatusBadge, SourceBadge, WaiverBadge } from "../../../components/badges";
import { Pager } from "../../../components/pager";
import { EmptyState, ErrorState, Loading, SkeletonRows } from "../../../components/states";
import { formatLocalDate, formatMoney } from "../../../lib/format";
import { problemMessage } from "../../../lib/problem";
import { trpc, type RouterInputs, type RouterOutputs } from "../../../lib/trpc";
import { numberParam, useUrlState } from "../../../lib/use-url-state";
import { BookingFilters } from "./booking-filters";

type Row = RouterOutputs["console"]["bookings"]["list"]["rows"][number];
type ListInput = RouterInputs["console"]["bookings"]["list"];
type Sort = NonNullable<ListInput["sort"]>;

const column = createColumnHelper<Row>();
const columns = [
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
        <div className="muted small">{c.row.original.email}</div>
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
        <span className="mono small muted">{c.row.original.paymentReference ?? "no payment reference"}</span>
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

const SORTABLE = new Set<string>(["reference", "startsAt", "customer", "participants", "totalAmount", "createdAt"]);
/** What a screen reader says the table is sorted by. */
const SORT_NAMES: Record<Sort, string> = {
  reference: "reference",
  startsAt: "activity date",
  customer: "customer",
  participants: "people",
  totalAmount: "total",
  createdAt: "booking date",
};
const PAGE_SIZE = 25;

export function BookingsTable() {
  const url = useUrlState();
  const sort = (SORTABLE.has(url.get("sort") ?? "") ? url.get("sort") : "startsAt") as Sort;
  const direction = url.get("dir") === "asc" ? "asc" : "desc";
  const input: ListInput = {
    page: numberParam(url.get("page")) ?? 1,
    pageSize: PAGE_SIZE,
    sort,
    direction,
    search: url.get("q"),
    source: url.get("source") as ListInput["source"],
    partnerId: numberParam(url.get("partner")),
    productId: numberParam(url.get("activity")),
    status: url.get("status") as ListInput["status"],
    waiverStatus: url.get("waiver") as ListInput["waiverStatus"],
    from: url.get("from"),
    to: url.get("to"),
  };
  const list = trpc.console.bookings.list.useQuery(input, { placeholderData: keepPreviousData });
  const sorting: SortingState = [{ id: sort, desc: direction === "desc" }];
  const table = useReactTable({
    data: list.data?.rows ?? [],
    columns,
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    getCoreRowModel: getCoreRowModel(),
  });
  const toggleSort = (id: string) =>
    url.set({ sort: id, dir: sort === id && direction === "desc" ? "asc" : "desc", page: undefined });

  return (
    <section className="card" aria-busy={list.isFetching}>
      <BookingFilters url={url} />
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">
            Bookings, sorted by {SORT_NAMES[sort]} {direction === "asc" ? "ascending" : "descending"}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = SORTABLE.has(header.column.id);
                  const active = sort === header.column.id;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {sortable ? (
                        <button type="button" className="sort" onClick={() => toggleSort(header.column.id)}>
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true">{active ? (direction === "asc" ? "▲" : "▼") : "↕"}</span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          {list.isPending ? (
            <SkeletonRows rows={10} columns={columns.length} />
          ) : (
            <tbody style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          )}
        </table>
      </div>
      {list.isPending && <Loading label="Loading bookings" />}
      {list.error && <ErrorState message={problemMessage(list.error)} onRetry={() => void list.refetch()} />}
      {list.data?.total === 0 && (
        <EmptyState title="No bookings match">
          <span>Try fewer filters or another search.</span>
        </EmptyState>
      )}
      {list.data && list.data.total > 0 && (
        <Pager
          page={list.data.page}
          pages={list.data.pages}
          total={list.data.total}
          noun="booking"
          onPage={(page) => url.set({ page })}
        />
      )}
    </section>
  );
}
