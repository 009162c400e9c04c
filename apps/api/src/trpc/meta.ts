import type { OpenApiMeta } from "trpc-to-openapi";

import type { ProblemKind } from "../problems/problem-kinds.ts";

export type Meta = OpenApiMeta<{
  /** The status of a successful REST response, when not 200 (201 for creations). */
  successStatus?: number;
  /** `Cache-Control` of a successful REST GET. */
  cacheControl?: string;
  /**
   * Its successful answers depend only on the key, the request target, reads through the
   * cache and, by `changesAt`, the clock: the REST edge may keep them (`AnswerMemo`).
   */
  keepAnswers?: boolean;
  /**
   * The problems this procedure itself can answer; with those of the HTTP edge (a key, a POST
   * body) they are the error responses its REST operation documents.
   */
  problems?: readonly ProblemKind[];
  /** Query parameters a REST POST takes besides its body (`?dryRun=true`); they join its input. */
  postQuery?: readonly string[];
}>;
