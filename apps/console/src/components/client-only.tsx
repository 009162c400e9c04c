"use client";

import { useSyncExternalStore, type ReactNode } from "react";

const subscribe = () => () => undefined;

/**
 * Renders `children` only in the browser. The console's pages show data the server never
 * fetches (queries run in the browser, from its cache), so rendering them on the server would
 * only produce markup that hydration has to throw away; the server sends `fallback` instead.
 */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const mounted = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return mounted ? children : fallback;
}
