import { describe, expect, it } from "vitest";

import { fileLinkOf } from "../src/lib/safe-url";

describe("fileLinkOf", () => {
  it("links an https file under its decoded name", () => {
    expect(fileLinkOf("https://files.example/waivers/Waiver%20(signed).pdf")).toEqual({
      href: "https://files.example/waivers/Waiver%20(signed).pdf",
      name: "Waiver (signed).pdf",
    });
  });

  it("links plain http too, and names a bare host by the host", () => {
    expect(fileLinkOf("http://files.example/")).toEqual({ href: "http://files.example/", name: "files.example" });
  });

  it("names a folder-like address by its last segment", () => {
    expect(fileLinkOf("https://files.example/uploads/42/")?.name).toBe("42");
  });

  it("links the address the browser would open, not the raw text", () => {
    expect(fileLinkOf("HTTPS://Files.Example/a b.pdf")).toEqual({
      href: "https://files.example/a%20b.pdf",
      name: "a b.pdf",
    });
  });

  it.each([
    ["a truncated percent escape", "https://x.example/%E0%A4%A"],
    ["an escape that is not UTF-8", "https://x.example/%FF.pdf"],
    ["a broken escape in the query", "https://x.example/f.pdf?v=%ZZ"],
  ])("gives no link for %s", (_, value) => {
    expect(fileLinkOf(value)).toBeNull();
  });

  it.each([
    ["javascript:", "javascript:alert(document.cookie)"],
    ["javascript: in capitals behind spaces", "  JAVASCRIPT:alert(1)"],
    ["javascript: split by a tab and a newline", "java\tscr\nipt:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["file:", "file:///etc/passwd"],
    ["a relative path", "/uploads/waiver.pdf"],
    ["a protocol-relative address", "//x.example/waiver.pdf"],
    ["words", "see the e-mail"],
  ])("gives no link for %s", (_, value) => {
    expect(fileLinkOf(value)).toBeNull();
  });
});
