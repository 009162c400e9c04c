/** Longest endpoint URL accepted: the column's width. */
export const WEBHOOK_URL_MAX = 2048;

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname) || hostname.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * Literal addresses of private, link-local (cloud metadata), shared and unspecified ranges: a
 * partner's endpoint is on the internet, so an https URL naming one of these is someone
 * aiming the worker at our own network.
 */
function isInternalAddress(hostname: string): boolean {
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(hostname);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  if (!hostname.startsWith("[")) return false;
  const v6 = hostname.slice(1, -1);
  return v6 === "::" || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith("::ffff:");
}

/**
 * Why `url` cannot be a webhook endpoint, or null when it can: https anywhere public; http
 * only to this machine (a local receiver in development and tests); never credentials, never
 * another scheme, never a literal internal address.
 */
export function webhookUrlProblem(url: string): string | null {
  if (url.length > WEBHOOK_URL_MAX) return `url must be at most ${WEBHOOK_URL_MAX} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "url must be an absolute http(s) URL";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return "url must be an https URL";
  if (parsed.username || parsed.password) return "url must not carry credentials";
  if (parsed.hash) return "url must not have a fragment";
  const host = parsed.hostname.toLowerCase();
  if (parsed.protocol === "http:" && !isLoopback(host)) return "url must be https (http only to localhost)";
  if (parsed.protocol === "https:" && isInternalAddress(host)) return "url must not name a private network address";
  return null;
}
