const SPECIAL = /[.*+?^${}()|[\]\\]/g;
const escape = (text: string) => text.replace(SPECIAL, "\\$&");

/**
 * The pattern of an OpenAPI path template under `prefix` as clients plainly spell it: `{param}`
 * a lowercase slug, captured, and nothing else (no other case, no percent-encoding, no query).
 * Throws at startup when the template is missing or does not name `{param}` exactly once.
 */
export function plainPath(prefix: string, template: string | undefined, param: string): RegExp {
  const parts = template?.split(`{${param}}`) ?? [];
  if (parts.length !== 2) throw new Error(`${template ?? "(no path)"} does not name {${param}} once`);
  const [before = "", after = ""] = parts;
  return new RegExp(`^${escape(prefix + before)}([a-z0-9-]+)${escape(after)}$`);
}
