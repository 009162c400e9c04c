import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

const schema = z.object({ data: z.object({ Count: z.int() }) });

/** The helper as a process started with `NODE_ENV` would load it (it reads the setting once). */
async function helperUnder(nodeEnv: string) {
  vi.stubEnv("NODE_ENV", nodeEnv);
  vi.resetModules();
  const { documentedOutput } = await import("../src/trpc/documented-output.ts");
  const { t } = await import("../src/trpc/init.ts");
  return t.procedure.concat(documentedOutput(schema)).query(() => ({ data: { Count: 1.5, Extra: "x" } }));
}

/** tRPC types a procedure's definition without its middlewares and output; both are there. */
const definition = (procedure: { _def: object }) =>
  procedure._def as { middlewares: { _type?: string }[]; output?: unknown };
const types = (procedure: { _def: object }) => definition(procedure).middlewares.map((m) => m._type);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("documentedOutput", () => {
  it("keeps the schema for the document in production, without re-parsing the answer", async () => {
    const procedure = await helperUnder("production");
    expect(definition(procedure).output).toBe(schema);
    expect(types(procedure)).not.toContain("output");
  });

  it("checks the answer as .output() does anywhere else, so tests catch an answer off its schema", async () => {
    const procedure = await helperUnder("test");
    expect(definition(procedure).output).toBe(schema);
    expect(types(procedure)).toContain("output");
    const { t } = await import("../src/trpc/init.ts");
    const caller = t.createCallerFactory(t.router({ p: procedure }))({} as never);
    await expect(caller.p()).rejects.toThrow("Output validation failed");
  });
});
