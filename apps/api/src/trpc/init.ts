import { initTRPC } from "@trpc/server";
import { describeError } from "../errors/describe-error.ts";
import type { Context } from "./context.ts";
import type { Meta } from "./meta.ts";

/**
 * Every error shape carries its `problem` description, so the REST edge renders RFC 7807
 * documents and the console shows the same detail and field errors. Stacks and internal
 * messages never leave the server.
 */
export const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const problem = describeError(error);
      return { message: problem.detail, code: shape.code, data: { code: shape.data.code, httpStatus: problem.status, path: shape.data.path }, problem };
    },
  });
