"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink } from "@trpc/client";
import { useState, type ReactNode } from "react";
import { Toaster } from "sonner";

import { problemStatus } from "../lib/problem";
import { trpc } from "../lib/trpc";

/** A 401 anywhere means the session ended: back to sign-in, then to where the operator was. */
function onApiError(error: unknown) {
  if (problemStatus(error) !== 401 || window.location.pathname.startsWith("/sign-in")) return;
  const next = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/sign-in?next=${encodeURIComponent(next)}`);
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: onApiError }),
        mutationCache: new MutationCache({ onError: onApiError }),
        defaultOptions: {
          queries: {
            staleTime: 5_000,
            refetchOnWindowFocus: true,
            // Client errors (bad filter, not found, signed out) do not get better by retrying.
            retry: (count, error) => (problemStatus(error) ?? 500) >= 500 && count < 2,
          },
        },
      }),
  );
  // The API serves batches of at most 25 calls.
  const [client] = useState(() => trpc.createClient({ links: [httpBatchLink({ url: "/trpc", maxItems: 25 })] }));
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster position="bottom-right" richColors closeButton />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
