import { fetch } from "undici";
import { afterAll, describe, expect, it } from "vitest";

import { postWebhook } from "../src/webhooks/post-webhook.ts";
import { publicAddressAgent } from "../src/webhooks/public-address-agent.ts";
import { startReceiver } from "./webhook-receiver.ts";

const receiver = await startReceiver();
// A host name, not a literal: the URL check cannot see where it leads, the connection can.
const byName = (path: string) => receiver.url(path).replace("127.0.0.1", "localhost");
const production = { allowLoopback: false, dispatcher: publicAddressAgent({ allowLoopback: false }) };
const development = { allowLoopback: true, dispatcher: publicAddressAgent({ allowLoopback: true }) };
afterAll(async () => {
  await Promise.all([production.dispatcher.close(), development.dispatcher.close()]);
});

const post = (url: string, rules: typeof production) =>
  postWebhook(url, { "Content-Type": "application/json" }, '{"ID":"evt_1"}', { timeoutMs: 5_000, ...rules });

describe("webhook connections", () => {
  it("connect to no host name that resolves to this machine, and send it nothing", async () => {
    // Past the URL check (which knows `localhost` by name): the connection itself asks DNS.
    const refusal = await fetch(byName("/rebound"), {
      method: "POST",
      body: "{}",
      dispatcher: production.dispatcher,
    }).then(
      () => null,
      (error: unknown) =>
        error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error),
    );
    expect(refusal).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a private network address$/);
    expect(receiver.at("/rebound")).toEqual([]);
  });

  it("refuse a literal address of this machine saved under other rules, as it is sent", async () => {
    for (const url of [
      receiver.url("/literal"),
      receiver.url("/literal").replace("http://127.0.0.1", "https://[::ffff:127.0.0.1]"),
    ]) {
      const outcome = await post(url, production);
      expect(outcome.statusCode, url).toBeNull();
      expect(outcome.error, url).toMatch(/^not sent: url must (be https|not name a private network address)$/);
    }
    expect(receiver.at("/literal")).toEqual([]);
  });

  it("reach the same name where loopback is allowed (WEBHOOK_ALLOW_LOOPBACK=on)", async () => {
    const outcome = await post(byName("/local"), development);
    expect(outcome).toMatchObject({ statusCode: 200, error: null });
    expect(receiver.at("/local")).toHaveLength(1);
  });
});
