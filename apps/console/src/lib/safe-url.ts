/** A link to a file a partner uploaded: where it opens and the name the operator reads. */
export interface FileLink {
  href: string;
  name: string;
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The link for a partner-supplied file address, or null when it must show as plain text:
 * anything that is not an http(s) URL (a `javascript:` one above all), and addresses whose
 * percent escapes do not decode, which browsers still follow but `decodeURIComponent` throws on.
 */
export function fileLinkOf(value: string): FileLink | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (decoded(url.href) === null) return null;
  const lastSegment = url.pathname.split("/").findLast((segment) => segment !== "");
  return { href: url.href, name: (lastSegment === undefined ? null : decoded(lastSegment)) ?? url.host };
}

/** Where the console goes when `next` is missing or not one of its own paths. */
export const DEFAULT_NEXT = "/bookings";

/** Resolves relative paths only: a path that resolves elsewhere has left the console. */
const PROBE_ORIGIN = "https://console.invalid";

/**
 * Decodings of `value` that a browser, a proxy or a router may apply, until it stops changing;
 * null when an escape does not decode, since what a browser makes of it is not known here.
 */
function decodings(value: string): string[] | null {
  const forms = [value];
  let last = value;
  for (let depth = 0; depth < 4; depth++) {
    const next = decoded(last);
    if (next === null) return null;
    if (next === last) break;
    forms.push(next);
    last = next;
  }
  return forms;
}

/** A backslash or a control character: browsers read the first as `/` and drop some of the others. */
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const UNSAFE_CHARACTER = /[\\\u0000-\u001f\u007f]/;

/** Starts with one slash and nothing a browser reads as a second one (`//`, `/\`). */
function isRootedPath(form: string): boolean {
  return form.startsWith("/") && !form.startsWith("//") && !form.startsWith("/\\");
}

/**
 * The path to open after signing in: `next` if it is a path of this console, otherwise
 * `/bookings`. Browsers drop tabs and newlines from addresses and read `\` as `/`, so `/\host`
 * and `/<TAB>/host` lead to another site just as `//host` does; any backslash, control
 * character or percent-encoded form of them is refused too, since a later decoding may reveal it.
 */
export function safeNext(value: string | null | undefined): string {
  if (!value) return DEFAULT_NEXT;
  const forms = decodings(value);
  if (!forms || forms.some((form) => !isRootedPath(form) || UNSAFE_CHARACTER.test(form))) return DEFAULT_NEXT;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return DEFAULT_NEXT;
  }
  // Dot segments can collapse into a leading `//` (`/.//host`): the resolved path is checked too.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === PROBE_ORIGIN && isRootedPath(path) ? path : DEFAULT_NEXT;
}
