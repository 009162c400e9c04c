import { createHash } from "node:crypto";

/** Tags of recent bodies: most GETs answer from the read cache, so the same body is sent again and again. */
const recentTags = new Map<string, string>();
/** Bounds the memory the memo holds (bodies are kept as keys); past it, it starts over. */
const MAX_REMEMBERED = 1_000;

/**
 * The body's weak entity tag. Looking a body up costs a pass of V8's string hash and a compare,
 * far less than SHA-256 and base64 of it on every request.
 */
export function entityTag(payload: string): string {
  const known = recentTags.get(payload);
  if (known !== undefined) return known;
  const tag = `W/"${createHash("sha256").update(payload).digest("base64url").slice(0, 27)}"`;
  if (recentTags.size >= MAX_REMEMBERED) recentTags.clear();
  recentTags.set(payload, tag);
  return tag;
}

/** Whether `If-None-Match` names this tag (or `*`): the client's copy is current. */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const weak = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim() === "*" || weak(candidate) === weak(tag));
}
