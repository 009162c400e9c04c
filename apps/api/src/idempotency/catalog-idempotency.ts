import { runIdempotent, type Tx } from "@slotwise/db";

import type { Context } from "../trpc/context.ts";
import type { CatalogPrincipal } from "../trpc/middleware/require-catalog-access.ts";
import { withIdempotency, type WorkResult } from "./with-idempotency.ts";

/**
 * A catalogue POST in one transaction, honouring an operator key's `Idempotency-Key` exactly
 * as partner POSTs do (withIdempotency). A console session has no key to keep answers under:
 * its writes simply run.
 */
export async function withCatalogIdempotency<T>(
  ctx: Omit<Context, "principal"> & { principal: CatalogPrincipal },
  scope: string,
  request: unknown,
  work: (tx: Tx) => Promise<WorkResult<T>>,
): Promise<T> {
  const { keyId } = ctx.principal;
  if (keyId !== null) return withIdempotency({ ...ctx, principal: { keyId } }, scope, request, work);
  const result = await runIdempotent(ctx.db, null, work);
  ctx.response.status = result.status;
  Object.assign(ctx.response.headers, result.headers);
  return result.body;
}
