const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9._~-]$/;
// Escapes, backslashes, dot-segments and a trailing slash: what has another spelling.
const RESPELLED = /[%\\]|\/\.|.\/$/;

function decodeUnreserved(escape: string, hex: string): string {
  const char = String.fromCharCode(parseInt(hex, 16));
  return UNRESERVED.test(char) ? char : escape;
}

/**
 * The request's URL with its path in one spelling, before routing, so that what is routed is
 * what every check keyed on the path sees (the partner check, the series' rate-limit cost, the
 * batch body limit, metrics labels): the path resolved as a WHATWG URL parser resolves it (the
 * one trpc-to-openapi matches with: backslashes are slashes, `.` and `..` segments, encoded or
 * not, are removed), then the percent-encoded unreserved characters decoded (RFC 3986, 6.2.2.2:
 * `/ota/acme%2Dtravel` is `/ota/acme-travel`), and a trailing slash dropped. The query is left
 * as sent (its parser decodes it), and so is a request target that is not a path.
 */
export function normalizePath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.startsWith("/") || !RESPELLED.test(path)) return url;
  const resolved = new URL(`http://h${path}`).pathname.replace(ESCAPE, decodeUnreserved);
  const trimmed = resolved.length > 1 && resolved.endsWith("/") ? resolved.slice(0, -1) : resolved;
  return trimmed + (end === -1 ? "" : url.slice(end));
}
