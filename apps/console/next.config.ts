import type { NextConfig } from "next";

// The console talks to the API only through tRPC under its own origin: /trpc is proxied to
// the API, so the session cookie is first-party and the API sees the console's Origin.
const apiUrl = (process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? "3001"}`).replace(/\/$/, "");

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  devIndicators: false,
  // `pnpm typecheck` runs tsc over the whole workspace; the build need not do it twice.
  typescript: { ignoreBuildErrors: true },
  rewrites: () => Promise.resolve([{ source: "/trpc/:path*", destination: `${apiUrl}/trpc/:path*` }]),
  headers: () =>
    Promise.resolve([
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
        ],
      },
    ]),
};

export default config;
