"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef } from "react";

type Changes = Record<string, string | number | undefined>;

/** The positive whole number an address parameter holds (a page, an id), or undefined for anything else. */
export function numberParam(value: string | undefined): number | undefined {
  const n = value === undefined ? Number.NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * Filters live in the address bar, so a filtered view can be bookmarked, shared and
 * returned to with the back button. The router applies an address a moment later, so
 * changes build on the last address asked for: two quick edits (From, then To) both stick,
 * and an older address landing late is not taken for the current one.
 */
export function useUrlState() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const latest = useRef(params.toString());
  const pending = useRef<string | null>(null);
  useEffect(() => {
    const current = params.toString();
    if (pending.current === null || pending.current === current) {
      pending.current = null;
      latest.current = current;
    }
  }, [params]);
  const get = useCallback((key: string) => params.get(key) ?? undefined, [params]);
  const set = useCallback(
    (changes: Changes | ((current: URLSearchParams) => Changes)) => {
      const next = new URLSearchParams(latest.current);
      const resolved = typeof changes === "function" ? changes(new URLSearchParams(latest.current)) : changes;
      for (const [key, value] of Object.entries(resolved)) {
        if (value === undefined || value === "") next.delete(key);
        else next.set(key, String(value));
      }
      latest.current = next.toString();
      pending.current = latest.current;
      router.replace(latest.current ? `${pathname}?${latest.current}` : pathname, { scroll: false });
    },
    [pathname, router],
  );
  return { get, set };
}
