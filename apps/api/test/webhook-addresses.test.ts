import { afterAll, describe, expect, it } from "vitest";

import { postWebhook } from "../src/webhooks/post-webhook.ts";
import { publicAddressAgent } from "../src/webhooks/public-address-agent.ts";
import { startReceiver } from "./webhook-receiver.ts";

const receiver = await startReceiver();
// A host name, not a literal: the URL check cannot see where it leads, the connection can.
const byName = (path: string) => receiver.url(path).replace("127.0.0.1", "localhost");
const production = publicAddressAgent({ allowLoopback: false });
const development = publicAddressAgent({ allowLoopback: true });
afterAll(async () => {
  await Promise.all([production.close(), development.close()]);
});

const post = (url: string, dispatcher: typeof production) =>
  postWebhook(url, { "Content-Type": "application/json" }, '{"ID":"evt_1"}', { timeoutMs: 5_000, dispatcher });

describe("webhook connections", () => {
  it("refuse a host name that resolves to this machine, and send it nothing", async () => {
    const outcome = await post(byName("/rebound"), production);
    expect(outcome.statusCode).toBeNull();
    expect(outcome.error).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a private network address/);
    expect(receiver.at("/rebound")).toEqual([]);
  });

  it("reach the same name where loopback is allowed (WEBHOOK_ALLOW_LOOPBACK=on)", async () => {
    const outcome = await post(byName("/local"), development);
    expect(outcome).toMatchObject({ statusCode: 200, error: null });
    expect(receiver.at("/local")).toHaveLength(1);
  });
});
