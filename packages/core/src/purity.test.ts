import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

const ALLOWED_PACKAGES = ["decimal.js", "libphonenumber-js", "lossless-json", "luxon", "zod"];
const srcDir = new URL(".", import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:import|export)[^"']*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map(
    (m) => m[1] ?? m[2] ?? "",
  );
}

describe("packages/core stays pure", () => {
  const files = sourceFiles(srcDir);

  it("has source files to check", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it("imports only its own files and the small domain libraries", () => {
    const outside = files.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => !specifier.startsWith("."))
        .filter((specifier) => !ALLOWED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`)))
        .map((specifier) => `${file.slice(srcDir.length)} imports ${specifier}`),
    );
    expect(outside).toEqual([]);
  });

  it("declares no dependency beyond those libraries", () => {
    const manifest = JSON.parse(readFileSync(join(srcDir, "..", "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(ALLOWED_PACKAGES);
  });
});
