import type { OpenApiMeta } from "trpc-to-openapi";

export type Meta = OpenApiMeta<{
  /** The status of a successful REST response, when not 200 (201 for creations). */
  successStatus?: number;
  /** `Cache-Control` of a successful REST GET. */
  cacheControl?: string;
}>;
