import { isProblemKind, PROBLEM_KINDS } from "../problems/problem-kinds.ts";

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/** The short page a problem's `type` URL leads to, or null for an unknown kind. */
export function problemPage(kind: string): string | null {
  if (!isProblemKind(kind)) return null;
  const entry = PROBLEM_KINDS[kind];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(entry.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937}code{background:#f3f4f6;padding:0 .25rem}</style>
</head><body>
<p><code>${escape(kind)}</code> · HTTP ${entry.status}</p>
<h1>${escape(entry.title)}</h1>
<p>${escape(entry.help)}</p>
<p>Every error of the Slotwise API is an RFC 7807 problem document: <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> and <code>instance</code>.</p>
</body></html>`;
}
