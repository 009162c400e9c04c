import { createTRPCClient, httpLink } from "@trpc/client";

import type { AppRouter } from "../src/trpc/app-router.ts";
import { CONSOLE_ORIGIN } from "./harness.ts";

/** The tRPC client as the console uses it, keeping the session cookie like a browser would. */
export function trpcClient(base: string, origin = CONSOLE_ORIGIN) {
  let cookie = "";
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${base}/trpc`,
        fetch: async (url: string | URL | Request, init?: RequestInit) => {
          const headers = new Headers(init?.headers);
          if (cookie) headers.set("cookie", cookie);
          headers.set("origin", origin);
          const response = await fetch(url, { ...init, headers });
          const set = response.headers.get("set-cookie");
          if (set) cookie = set.split(";")[0] ?? "";
          return response;
        },
      }),
    ],
  });
}
