import { createHash } from "node:crypto";

import { ValidationError } from "@slotwise/core";
import { claimIdempotencyKey, runIdempotent, type Tx } from "@slotwise/db";

import type { ApiKeyPrincipal, Context } from "../trpc/context.ts";

export interface WorkResult<T> {
  status: number;
  body: T;
  headers: Record<string, string>;
}

/**
 * The request an Idempotency-Key's retry must repeat, with its path parameters as its scope
 * spells them (`path`): a retry that spells the partner or a reference another way
 * (`ACME-TRAVEL`, `bk-…`), which the routes accept, is the same request.
 */
export function scopedRequest<T extends object>(input: T, path: Record<string, string>): T & Record<string, string> {
  return { ...input, ...path };
}

/**
 * Runs `work` in one transaction (or, without a key, `withoutKey` when given), honouring the request's `Idempotency-Key`: a repeat of the
 * same request gets the first response again (and `Idempotent-Replayed: true`) without
 * running anything; the stored response commits with the work, so a crash in between cannot
 * leave one without the other. The HTTP status and headers go out through `ctx.response`.
 */
export async function withIdempotency<T>(
  ctx: Omit<Context, "principal"> & { principal: Pick<ApiKeyPrincipal, "keyId"> },
  scope: string,
  request: unknown,
  work: (tx: Tx) => Promise<WorkResult<T>>,
  /**
   * What runs instead when the request has no key: the same work as one statement, atomic by
   * itself, outside a transaction (saving BEGIN and COMMIT), or grouped with other requests'.
   */
  options: { withoutKey?: () => Promise<WorkResult<T>> } = {},
): Promise<T> {
  const respond = (result: WorkResult<T>, replayed: boolean) => {
    ctx.response.status = result.status;
    Object.assign(ctx.response.headers, result.headers, replayed ? { "Idempotent-Replayed": "true" } : {});
    return result.body;
  };
  const key = ctx.idempotencyKey;
  if (key === undefined)
    return respond(await (options.withoutKey ? options.withoutKey() : runIdempotent(ctx.db, null, work)), false);
  if (key.length < 1 || key.length > 255) {
    throw new ValidationError([{ field: "Idempotency-Key", message: "Idempotency-Key must be 1 to 255 characters" }]);
  }
  const requestHash = createHash("sha256").update(JSON.stringify(request)).digest("hex");
  const claim = await claimIdempotencyKey(ctx.db, {
    apiKeyId: ctx.principal.keyId,
    key,
    scope,
    requestHash,
    now: ctx.now(),
  });
  if (claim.kind === "replay") {
    const { status, body, headers } = claim.response;
    return respond({ status, body: body as T, headers }, true);
  }
  return respond(await runIdempotent(ctx.db, claim.recordId, work), false);
}
