"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { flexRender, getCoreRowModel, useReactTable, type SortingState } from "@tanstack/react-table";

import { Pager } from "../../../components/pager";
import { EmptyState, ErrorState, Loading, SkeletonRows } from "../../../components/states";
import { problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import { numberParam, useUrlState } from "../../../lib/use-url-state";
import { columns, SORT_NAMES, SORTABLE, type ListInput, type Sort } from "./booking-columns";
import { BookingFilters } from "./booking-filters";

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
