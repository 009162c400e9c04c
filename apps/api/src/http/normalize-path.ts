const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9._~-]$/;
// Escapes, backslashes, dot-segments and a trailing slash: what has another spelling.
const RESPELLED = /[%\\]|\/\.|.\/$/;
const MAX_PASSES = 4;
/** Where a path that never settles on one spelling is routed: nowhere. */
export const UNROUTABLE = "/.unresolvable-path";
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

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
 * `/ota/acme%2Dtravel` is `/ota/acme-travel`), and trailing slashes dropped, until the path
 * no longer changes. A fragment is no part of a request target (RFC 9112) and is dropped: the
 * router would read it as the query, which the request's cost and the batch count do not. The
 * query is left as sent (its parser decodes it); an absolute-form target is reduced to its path
 * and query, and any other target that is not a path is left as sent. Linear in the URL's
 * length: it runs before any limit, on every request.
 */
export function normalizePath(url: string): string {
  const hash = url.indexOf("#");
  const target = hash === -1 ? url : url.slice(0, hash);
  const end = target.indexOf("?");
  let path = end === -1 ? target : target.slice(0, end);
  if (!path.startsWith("/")) {
    // An absolute-form target (`GET http://host/path`) is routed by its path: reduce it to that.
    const absolute = ABSOLUTE_FORM.test(target) ? URL.parse(target) : null;
    return absolute ? normalizePath(absolute.pathname + absolute.search) : target;
  }
  // Decoding can make a dot-segment (`%2%45` is `%2E`), so respell until nothing changes; a
  // path that still changes after that is no resource, and is routed nowhere.
  for (let pass = 0; RESPELLED.test(path); pass++) {
    const next = respell(path);
    if (next === path) break;
    if (pass === MAX_PASSES) return UNROUTABLE;
    path = next;
  }
  return path + (end === -1 ? "" : target.slice(end));
}

function respell(path: string): string {
  const resolved = new URL(`http://h${path}`).pathname.replace(ESCAPE, decodeUnreserved);
  let end = resolved.length;
  while (end > 1 && resolved.endsWith("/", end)) end--;
  return resolved.slice(0, end);
}
