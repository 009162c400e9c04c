import type { AnswerMemo, KeptAnswer } from "../cache/answer-memo.ts";
import type { Services } from "../trpc/context.ts";
import { edgePrincipal } from "./edge-principal.ts";

export interface KeptAnswerRequest {
  /** The key as sent, and its hash. */
  token: string;
  keyHash: string;
  /** The request target as routed (`normalizePath`). */
  target: string;
  /** The client's address, for the failed-authentication block. */
  address: string;
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
  if (!(await edgePrincipal(services, request.address, request.token))) return null;
  // Looked up again after the wait: a change heard meanwhile ends the answer.
  return memo.find(request.keyHash, request.target, services.now().getTime()) ?? null;
}
