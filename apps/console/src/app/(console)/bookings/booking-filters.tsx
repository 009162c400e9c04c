"use client";

import { useEffect, useState } from "react";

import { DateInput } from "../../../components/date-input";
import { trpc } from "../../../lib/trpc";
import { useDebounced } from "../../../lib/use-debounced";
import type { useUrlState } from "../../../lib/use-url-state";

const SOURCES = [
  { value: undefined, label: "All" },
  { value: "PARTNER", label: "Partner" },
  { value: "ONLINE", label: "Online" },
  { value: "POS", label: "Point of sale" },
] as const;

/** The filter bar; every change goes to the address bar and back to page 1. */
export function BookingFilters({ url }: { url: ReturnType<typeof useUrlState> }) {
  const options = trpc.console.bookings.filterOptions.useQuery(undefined, { staleTime: 300_000 });
  const [search, setSearch] = useState(url.get("q") ?? "");
  const settled = useDebounced(search);
  const { get, set } = url;
  useEffect(() => {
    if ((get("q") ?? "") !== settled) set({ q: settled, page: undefined });
  }, [settled, get, set]);
  const change = (key: string) => (event: { target: { value: string } }) =>
    set({ [key]: event.target.value, page: undefined });
  return (
    <div className="filters" role="search">
      <label className="field search">
        Search
        <input
          type="search"
          placeholder="Reference, customer, e-mail or payment reference"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <div className="field" role="group" aria-label="Source">
        <span aria-hidden="true">Source</span>
        <div className="segmented">
          {SOURCES.map((s) => (
            <button
              key={s.label}
              type="button"
              aria-pressed={get("source") === s.value}
              onClick={() =>
                set({ source: s.value, page: undefined, partner: s.value === "PARTNER" ? get("partner") : undefined })
              }
            >
              {s.label}
            </button>
          ))}
        </div>
      </div>
      <label className="field">
        Partner
        <select
          value={get("partner") ?? ""}
          onChange={(e) =>
            set({ partner: e.target.value, source: e.target.value ? "PARTNER" : get("source"), page: undefined })
          }
        >
          <option value="">Any partner</option>
          {options.data?.partners.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        Activity
        <select value={get("activity") ?? ""} onChange={change("activity")}>
          <option value="">Any activity</option>
          {options.data?.activities.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        Status
        <select value={get("status") ?? ""} onChange={change("status")}>
          <option value="">Any status</option>
          <option value="CONFIRMED">Confirmed</option>
          <option value="ON_HOLD">On hold</option>
          <option value="CANCELLED">Cancelled</option>
          <option value="EXPIRED">Expired</option>
        </select>
      </label>
      <label className="field">
        Waiver
        <select value={get("waiver") ?? ""} onChange={change("waiver")}>
          <option value="">Any waiver</option>
          <option value="COMPLETE">Complete</option>
          <option value="PENDING">Pending</option>
        </select>
      </label>
      <label className="field">
        Activity from
        <DateInput value={get("from") ?? ""} onCommit={(from) => set({ from, page: undefined })} />
      </label>
      <label className="field">
        to
        <DateInput value={get("to") ?? ""} onCommit={(to) => set({ to, page: undefined })} />
      </label>
    </div>
  );
}
