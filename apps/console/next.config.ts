import type { NextConfig } from "next";

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  devIndicators: false,
  // The domain package is TypeScript source; the console uses only its browser-safe plain-dates.
  transpilePackages: ["@slotwise/core"],
  // `pnpm typecheck` runs tsc over the whole workspace; the build need not do it twice.
  typescript: { ignoreBuildErrors: true },
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
