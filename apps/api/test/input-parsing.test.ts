import { initTRPC, TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";

// tRPC as patched (patches/README.md): zod inputs parsed with parse, which zod compiles per
// object shape, and with parseAsync once a schema turns out to hold an asynchronous check.
const t = initTRPC.create();

describe("procedure inputs", () => {
  it("are parsed by zod's synchronous parse", async () => {
    const schema = z.object({ n: z.number() });
    schema.parseAsync = () => Promise.reject(new Error("parseAsync was called"));
    const caller = t.createCallerFactory(t.router({ q: t.procedure.input(schema).query(({ input }) => input.n) }))({});
    expect(await caller.q({ n: 3 })).toBe(3);
    const refused = await caller.q({ n: "3" as never }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe("BAD_REQUEST");
    expect((refused as TRPCError).message).toContain("expected number, received string");
  });

  it("with an asynchronous check are still checked, by parseAsync after the first call", async () => {
    let checks = 0;
    const schema = z.object({
      n: z.number().refine((n) => {
        checks++;
        return Promise.resolve(n > 1);
      }, "n must be more than 1"),
    });
    const caller = t.createCallerFactory(t.router({ q: t.procedure.input(schema).query(({ input }) => input.n) }))({});
    expect(await caller.q({ n: 5 })).toBe(5);
    const before = checks;
    expect(await caller.q({ n: 6 })).toBe(6);
    const refused = await caller.q({ n: 0 }).catch((error: unknown) => error);
    expect((refused as TRPCError).code).toBe("BAD_REQUEST");
    expect((refused as TRPCError).message).toContain("n must be more than 1");
    expect(checks - before).toBe(2);
  });
});
