import base from "./base.js";

/**
 * packages/core holds the domain rules only: it must stay runnable in any host
 * (API process, browser bundle, tests) without a database, network or file system.
 */
const forbidden = [
  "@prisma/*",
  "@slotwise/db",
  "@slotwise/api",
  "pg",
  "pg-*",
  "redis",
  "ioredis",
  "fastify",
  "fastify-*",
  "@fastify/*",
  "@trpc/*",
  "next",
  "next/*",
  "react",
  "react-dom",
  "node:*",
  "fs",
  "fs/*",
  "net",
  "http",
  "https",
  "http2",
  "child_process",
  "dgram",
  "tls",
  "dns",
  "os",
  "path",
  "stream",
  "worker_threads",
  "cluster",
];

export default [
  ...base,
  {
    files: ["src/**/*.ts"],
    ignores: ["src/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: forbidden, message: "packages/core imports no database, HTTP, framework or Node I/O module." },
          ],
        },
      ],
    },
  },
];
