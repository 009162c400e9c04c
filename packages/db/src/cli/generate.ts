import { spawnSync } from "node:child_process";

import { packageDir } from "../paths.ts";

// `prisma generate` needs no schema engine, but the CLI looks for one before it starts and
// would try to download it. Any existing executable satisfies that look-up; Node's own is
// always there. A real engine configured by the user is left alone.
const result = spawnSync("prisma", ["generate"], {
  cwd: packageDir,
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  },
});
process.exit(result.status ?? 1);
