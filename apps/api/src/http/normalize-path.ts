const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9_~-]$/;

function decodeUnreserved(escape: string, hex: string): string {
  const char = String.fromCharCode(parseInt(hex, 16));
  return UNRESERVED.test(char) ? char : escape;
}

/**
 * The request's URL with the percent-encoded letters, digits, "-", "_" and "~" of its path
 * decoded, before routing: RFC 3986 (6.2.2.2) makes `/ota/acme%2Dtravel` and `/ota/acme-travel`
 * one resource, so every route, path parameter and key check sees one spelling. "." stays
 * encoded, so no dot-segment appears that the client did not write, and the query is left as
 * sent (its parser decodes it).
 */
export function normalizePath(url: string): string {
  if (!url.includes("%")) return url;
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.replace(ESCAPE, decodeUnreserved) + (end === -1 ? "" : url.slice(end));
}
