import type { Caller } from "../auth/caller.ts";
import type { AnswerMemo, KeptAnswer } from "../cache/answer-memo.ts";
import type { Services } from "../trpc/context.ts";

export interface KeptAnswerRequest {
  /** Who asks (the gate's caller), and its key's hash. */
  caller: Caller;
  keyHash: string;
  /** The request target as routed (`normalizePath`). */
  target: string;
}

/**
 * The kept answer a request may be given, or null, for a request the caller found one for:
 * the procedure would answer too (the address is not blocked for failed authentications, the
 * key is valid), and the answer still stands. The caller looks first, so that an unknown key
 * or target costs no key lookup. Null sends the request on to its procedure, which answers and
 * counts a failure as it always does.
 */
export async function keptAnswerFor(
  memo: AnswerMemo,
  services: Services,
  request: KeptAnswerRequest,
): Promise<KeptAnswer | null> {
  // A key the procedure would refuse is left to it: the caller keeps the refusal for it.
  if (!(await request.caller.apiKey().catch(() => null))) return null;
  // Looked up again after the wait: a change heard meanwhile ends the answer.
  return memo.find(request.keyHash, request.target, services.now().getTime()) ?? null;
}
