import { initTRPC } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";

import { toProblem } from "../problems/to-problem.ts";
import type { Context } from "./context.ts";
import { trpcCodeForStatus } from "./error-codes.ts";
import type { Meta } from "./meta.ts";

/**
 * Every error shape carries its `problem` description, so the console shows the detail and
 * field errors REST's problem documents carry. Stacks and internal messages never leave the server.
 */
export const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const problem = toProblem(error);
      // Every error, those raised before any procedure ran (a broken path, an oversized batch)
      // included, gets the tRPC code of its problem's status: what the client can act on.
      const code = trpcCodeForStatus(problem.status);
      return {
        message: problem.detail,
        code: TRPC_ERROR_CODES_BY_KEY[code],
        data: { code, httpStatus: problem.status, path: shape.data.path },
        problem,
      };
    },
  });
