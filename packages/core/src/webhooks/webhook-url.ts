/** Longest endpoint URL accepted: the column's width. */
export const WEBHOOK_URL_MAX = 2048;

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname) || hostname.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * Literal addresses that are not public unicast: this machine, private, link-local (cloud
 * metadata), shared, benchmarking, multicast and reserved ranges, and every IPv6 address
 * outside 2000::/3 (so mapped, compatible and NAT64 forms of those too) or carrying an IPv4
 * address inside it (6to4, Teredo), and IPv6 documentation addresses. A partner's endpoint
 * is on the internet, so a URL naming one of these is someone aiming the worker at our own
 * network. The URL parser has already turned decimal, octal and hex spellings into dotted form.
 */
function isInternalAddress(hostname: string): boolean {
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(hostname);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && (b === 168 || b === 0)) ||
      (a === 198 && (b === 18 || b === 19))
    );
  }
  if (!hostname.startsWith("[")) return false;
  // Global unicast is 2000::/3: a first group of four digits from 2000 to 3fff ("2::1" is not).
  if (!/^\[[23][0-9a-f]{3}:/.test(hostname)) return true;
  // 6to4 and Teredo carry an IPv4 address (127.0.0.1 as 2002:7f00:1::); 2001:db8:: is documentation.
  return /^\[(2002:|2001:0?:|2001:db8:)/.test(hostname);
}

/**
 * Why `url` cannot be a webhook endpoint, or null when it can: https to public addresses only;
 * never credentials, never another scheme, never a literal internal address. With
 * `allowLoopback` (development and tests, WEBHOOK_ALLOW_LOOPBACK=on) http and https to this
 * machine are allowed too, for a local receiver.
 */
export function webhookUrlProblem(url: string, options: { allowLoopback: boolean }): string | null {
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
  if (options.allowLoopback && isLoopback(host)) return null;
  if (parsed.protocol === "http:") return "url must be https";
  if (isLoopback(host) || isInternalAddress(host)) return "url must not name a private network address";
  return null;
}

/**
 * Why an address a webhook host name resolved to cannot be connected to, or null when it can:
 * the rule for literal addresses in the URL, applied to what DNS answers at delivery, so a name
 * that resolves (or is rebound) to our own network is refused like the literal address.
 */
export function resolvedAddressProblem(address: string, options: { allowLoopback: boolean }): string | null {
  const host = address.includes(":") ? `[${address.toLowerCase()}]` : address;
  if (options.allowLoopback && isLoopback(host)) return null;
  return isLoopback(host) || isInternalAddress(host) ? `resolves to ${address}, a private network address` : null;
}
