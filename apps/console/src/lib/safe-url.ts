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
