import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";

import { Agent } from "undici";

import { resolvedAddressProblem } from "@slotwise/core";

/** Every address a host name resolves to (DNS in production; tests give their own answers). */
export type ResolveHost = (hostname: string, family: number | undefined) => Promise<LookupAddress[]>;

const resolveByDns: ResolveHost = (hostname, family) =>
  lookup(hostname, { all: true, ...(family === 4 || family === 6 ? { family } : {}) });

export interface AddressRules {
  /** Whether this machine may be reached (WEBHOOK_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
  resolve?: ResolveHost | undefined;
}

/**
 * The socket's lookup: it answers only when every address the name resolves to may be
 * reached (`resolvedAddressProblem`), so the connection is made to an address checked here,
 * as it is made: a name that resolves, or is rebound after the endpoint was saved, to our own
 * network is refused like a literal internal address in the URL.
 */
export function publicAddressLookup(rules: AddressRules): LookupFunction {
  const resolve = rules.resolve ?? resolveByDns;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname, typeof lookupOptions.family === "number" ? lookupOptions.family : undefined).then(
      (addresses) => {
        const refused = addresses.map((a) => resolvedAddressProblem(a.address, rules)).find((p) => p !== null);
        const first = addresses[0];
        if (refused || !first) {
          const reason = refused ? `${hostname} ${refused}` : `${hostname} has no address`;
          callback(Object.assign(new Error(reason), { code: "ENOTPUBLIC" }), "", 0);
          return;
        }
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => {
        callback(error as NodeJS.ErrnoException, "", 0);
      },
    );
  };
}

/** The connections webhooks are sent over: to public addresses only (and loopback where allowed). */
export function publicAddressAgent(rules: AddressRules): Agent {
  return new Agent({ connect: { lookup: publicAddressLookup(rules) } });
}
