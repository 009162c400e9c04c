import type { IncomingMessage } from "node:http";

import proxyAddr from "@fastify/proxy-addr";

export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * Whose X-Forwarded-For is believed (TRUST_PROXY: false, true, or addresses and CIDRs,
 * comma-separated), as one function: Fastify's `request.ip` and the kept-answer edge, which
 * answers before Fastify, take the client's address by the same rule.
 */
export function proxyTrust(setting: boolean | string): ProxyTrust {
  if (typeof setting === "boolean") return () => setting;
  return proxyAddr.compile(setting.split(",").map((value) => value.trim()));
}

/** The client's address, as Fastify's `request.ip` gives it under the same trust. */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  return proxyAddr(req, trust);
}
