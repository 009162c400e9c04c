import { describe, expect, it } from "vitest";

import { resolvedAddressProblem, webhookUrlProblem } from "./webhook-url.ts";

describe("webhook endpoint URLs", () => {
  const strict = { allowLoopback: false };
  const local = { allowLoopback: true };

  it("accept https to public addresses, and this machine only where loopback is allowed", () => {
    for (const url of [
      "https://hooks.acme-travel.example/slotwise?tenant=7",
      "https://203.0.113.9:8443/in",
      "https://[2001:4860::8888]/in",
    ])
      expect(webhookUrlProblem(url, strict), url).toBeNull();
    for (const url of [
      "http://localhost:4000/in",
      "http://127.0.0.1:9/in",
      "http://[::1]:9/in",
      "http://app.localhost/in",
    ]) {
      expect(webhookUrlProblem(url, local), url).toBeNull();
      expect(webhookUrlProblem(url, strict), url).not.toBeNull();
    }
  });

  it("refuse this machine and every non-public literal in production, however spelled", () => {
    for (const url of [
      "https://127.0.0.1:3001/api",
      "https://2130706433/",
      "https://0x7f.1/",
      "https://127.1/",
      "https://[::1]/",
      "https://localhost/",
      "https://[::a9fe:a9fe]/",
      "https://[::127.0.0.1]/",
      "https://[64:ff9b::a9fe:a9fe]/",
      "https://[fec0::1]/",
      "https://[100::1]/",
      "https://224.0.0.1/",
      "https://255.255.255.255/",
      "https://198.18.0.1/",
      "https://192.0.0.1/",
    ])
      expect(webhookUrlProblem(url, strict), url).toBe("url must not name a private network address");
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
      ["http://hooks.example.com/in", "url must be https"],
      ["http://10.0.0.7/in", "url must be https"],
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
      expect(webhookUrlProblem(url, strict), url).toBe(problem);
  });

  it("refuse a host name that resolves to our own network, as DNS spells the address", () => {
    for (const address of ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"])
      expect(resolvedAddressProblem(address, strict), address).toBeNull();
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "169.254.169.254",
      "192.168.0.7",
      "::1",
      "::ffff:127.0.0.1",
      "fe80::1",
      "fd00::5",
    ])
      expect(resolvedAddressProblem(address, strict), address).toBe(
        `resolves to ${address}, a private network address`,
      );
    for (const address of [
      "2::1",
      "20::1",
      "3ff::1",
      "2002:7f00:1::1",
      "2001:0:4136:e378::1",
      "2001::1",
      "2001:db8::1",
    ])
      expect(resolvedAddressProblem(address, strict), address).not.toBeNull();
    for (const address of ["127.0.0.1", "::1"]) expect(resolvedAddressProblem(address, local), address).toBeNull();
    expect(resolvedAddressProblem("10.1.2.3", local)).not.toBeNull();
  });
});
