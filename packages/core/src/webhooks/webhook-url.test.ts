import { describe, expect, it } from "vitest";

import { webhookUrlProblem } from "./webhook-url.ts";

describe("webhook endpoint URLs", () => {
  it("accept https anywhere public and http only to this machine", () => {
    for (const url of [
      "https://hooks.acme-travel.example/slotwise?tenant=7",
      "https://203.0.113.9:8443/in",
      "http://localhost:4000/in",
      "http://127.0.0.1:9/in",
      "http://[::1]:9/in",
      "http://app.localhost/in",
    ])
      expect(webhookUrlProblem(url), url).toBeNull();
  });

  it("refuse other schemes, credentials, fragments, plain http elsewhere and literal internal addresses", () => {
    for (const [url, problem] of [
      ["ftp://files.example.com/hook", "url must be an https URL"],
      ["file:///etc/passwd", "url must be an https URL"],
      ["javascript:alert(1)", "url must be an https URL"],
      ["not a url", "url must be an absolute http(s) URL"],
      ["https://user:pass@hooks.example.com/in", "url must not carry credentials"],
      ["https://token@hooks.example.com/in", "url must not carry credentials"],
      ["https://hooks.example.com/in#part", "url must not have a fragment"],
      ["http://hooks.example.com/in", "url must be https (http only to localhost)"],
      ["http://10.0.0.7/in", "url must be https (http only to localhost)"],
      ["https://169.254.169.254/latest/meta-data", "url must not name a private network address"],
      ["https://10.1.2.3/in", "url must not name a private network address"],
      ["https://172.20.0.1/in", "url must not name a private network address"],
      ["https://192.168.1.1/in", "url must not name a private network address"],
      ["https://100.100.100.200/in", "url must not name a private network address"],
      ["https://0.0.0.0/in", "url must not name a private network address"],
      ["https://[fd00::1]/in", "url must not name a private network address"],
      ["https://[fe80::1]/in", "url must not name a private network address"],
      ["https://[::ffff:10.0.0.1]/in", "url must not name a private network address"],
      [`https://hooks.example.com/${"a".repeat(2048)}`, "url must be at most 2048 characters"],
    ] as const)
      expect(webhookUrlProblem(url), url).toBe(problem);
  });
});
