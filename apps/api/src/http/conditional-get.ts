import { createHash } from "node:crypto";

export function entityTag(payload: string): string {
  return `W/"${createHash("sha256").update(payload).digest("base64url").slice(0, 27)}"`;
}

/** Whether `If-None-Match` names this tag (or `*`): the client's copy is current. */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const weak = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim() === "*" || weak(candidate) === weak(tag));
}
