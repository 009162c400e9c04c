import { lookup } from "node:dns";
import type { LookupFunction } from "node:net";

import { Agent } from "undici";

import { resolvedAddressProblem } from "@slotwise/core";

/**
 * A DNS lookup that answers only when every address the name resolves to may be reached
 * (`resolvedAddressProblem`), so the connection is made to an address checked here: a name
 * that resolves, or is rebound after the endpoint was saved, to our own network is refused
 * like a literal internal address in the URL.
 */
export function publicAddressLookup(options: { allowLoopback: boolean }): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) {
        callback(error, "", 0);
        return;
      }
      const refused = addresses.map((a) => resolvedAddressProblem(a.address, options)).find((p) => p !== null);
      const first = addresses[0];
      if (refused || !first) {
        const reason = refused ? `${hostname} ${refused}` : `${hostname} has no address`;
        callback(Object.assign(new Error(reason), { code: "ENOTPUBLIC" }), "", 0);
        return;
      }
      if (lookupOptions.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/** The connections webhooks are sent over: to public addresses only (and loopback where allowed). */
export function publicAddressAgent(options: { allowLoopback: boolean }): Agent {
  return new Agent({ connect: { lookup: publicAddressLookup(options) } });
}
