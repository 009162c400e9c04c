import { fileURLToPath } from "node:url";

export const packageDir = fileURLToPath(new URL("..", import.meta.url));
export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
export const schemaPath = fileURLToPath(new URL("../prisma/schema.prisma", import.meta.url));
export const migrationsDir = fileURLToPath(new URL("../prisma/migrations", import.meta.url));
