import { act, renderHook } from "@testing-library/react";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { PathnameContext, SearchParamsContext } from "next/dist/shared/lib/hooks-client-context.shared-runtime";
import { useSyncExternalStore, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

import { numberParam, useUrlState } from "../src/lib/use-url-state";

/**
 * The address bar as Next's app router keeps it: `replace` only asks for an address, which lands
 * (becomes the search params the page sees) when the test says so, as the real router does a moment later.
 */
class AddressBar {
  readonly asked: string[] = [];
  private search: URLSearchParams;
  private readonly listeners = new Set<() => void>();
  readonly router: AppRouterInstance = {
    back: () => undefined,
    forward: () => undefined,
    refresh: () => undefined,
    push: (href) => {
      this.asked.push(href);
    },
    replace: (href) => {
      this.asked.push(href);
    },
    prefetch: () => undefined,
    bfcacheId: "_b_0_",
  };

  constructor(
    readonly pathname: string,
    query: string,
  ) {
    this.search = new URLSearchParams(query);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  current = () => this.search;

  land(href: string) {
    act(() => {
      this.search = new URLSearchParams(href.split("?")[1] ?? "");
      for (const listener of this.listeners) listener();
    });
  }
}

function renderUrlState(pathname: string, query = "") {
  const bar = new AddressBar(pathname, query);
  function Page({ children }: { children: ReactNode }) {
    const search = useSyncExternalStore(bar.subscribe, bar.current);
    return (
      <AppRouterContext.Provider value={bar.router}>
        <PathnameContext.Provider value={bar.pathname}>
          <SearchParamsContext.Provider value={search}>{children}</SearchParamsContext.Provider>
        </PathnameContext.Provider>
      </AppRouterContext.Provider>
    );
  }
  const { result } = renderHook(() => useUrlState(), { wrapper: Page });
  return { bar, url: () => result.current };
}

describe("useUrlState", () => {
  it("reads the parameters of the address, and nothing for those it lacks", () => {
    const { url } = renderUrlState("/bookings", "q=jo%C3%A3o&page=2");
    expect(url().get("q")).toBe("joão");
    expect(url().get("page")).toBe("2");
    expect(url().get("status")).toBeUndefined();
  });

  it("changes some parameters, keeps the others, and drops emptied ones", () => {
    const { bar, url } = renderUrlState("/bookings", "q=jo&status=CONFIRMED&page=3");
    url().set({ status: "", page: undefined, partner: 7 });
    expect(bar.asked).toEqual(["/bookings?q=jo&partner=7"]);
  });

  it("asks for the bare path when no parameter is left", () => {
    const { bar, url } = renderUrlState("/outbox", "status=FAILED");
    url().set({ status: undefined });
    expect(bar.asked).toEqual(["/outbox"]);
  });

  it("keeps both of two quick edits made before the router applies the first", () => {
    const { bar, url } = renderUrlState("/usage", "range=custom");
    url().set({ from: "2026-02-01" });
    url().set({ to: "2026-02-10" });
    expect(bar.asked.at(-1)).toBe("/usage?range=custom&from=2026-02-01&to=2026-02-10");
  });

  it("does not take an older address landing late for the current one", () => {
    const { bar, url } = renderUrlState("/usage", "range=custom");
    url().set({ from: "2026-02-01" });
    url().set({ to: "2026-02-10" });
    bar.land("/usage?range=custom&from=2026-02-01");
    url().set({ tz: "Asia/Kolkata" });
    expect(bar.asked.at(-1)).toBe("/usage?range=custom&from=2026-02-01&to=2026-02-10&tz=Asia%2FKolkata");
  });

  it("builds on an address the operator went to by other means once its own have landed", () => {
    const { bar, url } = renderUrlState("/usage");
    url().set({ range: "this-month" });
    bar.land("/usage?range=this-month");
    bar.land("/usage?range=last-7-days");
    expect(url().get("range")).toBe("last-7-days");
    url().set({ tz: "UTC" });
    expect(bar.asked.at(-1)).toBe("/usage?range=last-7-days&tz=UTC");
  });

  it("hands a change function the parameters last asked for", () => {
    const { bar, url } = renderUrlState("/usage", "range=last-7-days");
    url().set({ tz: "UTC" });
    url().set((current) => ({ range: "custom", from: current.get("tz") === "UTC" ? "2026-01-01" : "wrong" }));
    expect(bar.asked.at(-1)).toBe("/usage?range=custom&tz=UTC&from=2026-01-01");
  });
});

describe("numberParam", () => {
  it("reads positive whole numbers only", () => {
    expect(numberParam("12")).toBe(12);
    for (const value of [undefined, "", "0", "-3", "2.5", "abc", "1e400"]) expect(numberParam(value)).toBeUndefined();
  });
});
