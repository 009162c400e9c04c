import { createBuilder } from "@trpc/server/unstable-core-do-not-import";
import type { z } from "zod";

import type { Context } from "./context.ts";
import { t } from "./init.ts";
import type { Meta } from "./meta.ts";

// Read once: the same choice for every request of a process.
const checkedAtRuntime = process.env.NODE_ENV !== "production";

/** What `.output(schema)` adds to a procedure: the document's and the resolver's type. */
type OutputBuilder<S extends z.ZodType> = ReturnType<typeof t.procedure.output<S>>;

/**
 * `.concat(documentedOutput(schema))` is `.output(schema)` for answers our own typed code
 * builds point by point, such as the usage series (a year of days for 25 meters is 9,000
 * objects): the schema still types the resolver and documents the response (trpc-to-openapi
 * reads it from the procedure), but in production the answer is not parsed again on its way
 * out, where zod's walk over every object cost more than building them. That is safe when
 * TypeScript already holds the resolver to the schema, no value can break a refinement the
 * type does not express (integers from `Math.floor` or counts, finite numbers), and the answer
 * has no field the schema lacks (zod would strip it): the route's tests parse its answers with
 * the schema and expect them unchanged. Elsewhere (tests, development) the answer is still
 * checked exactly as `.output()` checks it, so a change that breaks the schema fails there.
 */
export function documentedOutput<S extends z.ZodType>(schema: S): OutputBuilder<S> {
  if (checkedAtRuntime) return t.procedure.output(schema);
  // A builder holding only the schema: `concat` adds its definition and none of `.output()`'s
  // validating middleware. `createBuilder` is tRPC's own constructor of every builder.
  return createBuilder<Context, Meta>({ output: schema });
}
