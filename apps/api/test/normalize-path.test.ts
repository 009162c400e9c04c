import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { normalizePath, UNROUTABLE } from "../src/http/normalize-path.ts";

describe("normalizePath", () => {
  it("decodes escaped unreserved characters in the path, in either hex case", () => {
    expect(normalizePath("/api/v2/ota/acme%2dtravel/activities/%41%62%63%5F%7e%31%2E")).toBe(
      "/api/v2/ota/acme-travel/activities/Abc_~1.",
    );
  });

  it("resolves dot-segments (encoded or not), backslashes and a trailing slash as the router does", () => {
    expect(normalizePath("/api/v2/usage/meters/series/?from=1")).toBe("/api/v2/usage/meters/series?from=1");
    expect(normalizePath("/api/v2/usage/meters/./series")).toBe("/api/v2/usage/meters/series");
    expect(normalizePath("/api/v2/usage/x/%2E%2E/meters/series/.")).toBe("/api/v2/usage/meters/series");
    expect(normalizePath("/api/v2/ota/acme-travel\\products")).toBe("/api/v2/ota/acme-travel/products");
    expect(normalizePath("/api/v2/ota/acme-travel/../globetrek/products")).toBe("/api/v2/ota/globetrek/products");
  });

  it("respells until nothing changes: escapes that decode into a dot-segment, several trailing slashes", () => {
    expect(normalizePath("/api/v2/x/%2%45%2%45/usage/meters/series?q=1")).toBe("/api/v2/usage/meters/series?q=1");
    expect(normalizePath("/api/v2/usage/meters/series//")).toBe("/api/v2/usage/meters/series");
    expect(normalizePath("/healthz///")).toBe("/healthz");
  });

  it("drops a fragment, which the router would read as a query the checks do not see", () => {
    expect(normalizePath("/api/v2/usage/meters/series#from=2026-10-27&window=hour")).toBe(
      "/api/v2/usage/meters/series",
    );
    expect(normalizePath("/trpc/a,b?batch=1#x")).toBe("/trpc/a,b?batch=1");
  });

  it("gives a path that a second normalization, or the router's own URL parsing, leaves as it is", () => {
    const char = fc.constantFrom("/", ".", "%", "2", "5", "E", "e", "4", "a", "\\", "-");
    fc.assert(
      fc.property(fc.array(char, { maxLength: 40 }), (chars) => {
        const once = normalizePath(`/${chars.join("")}`);
        expect(normalizePath(once)).toBe(once);
        if (once !== UNROUTABLE) expect(new URL(`http://h${once}`).pathname).toBe(once);
      }),
      { numRuns: 5_000 },
    );
  });

  it("keeps other escapes, empty segments, the query and a target that is not a path exactly as sent", () => {
    expect(normalizePath("/a/%2F%00%E0%A4%A/%zz?q=%41%2D/..")).toBe("/a/%2F%00%E0%A4%A/%zz?q=%41%2D/..");
    expect(normalizePath("//api/v2")).toBe("//api/v2");
    expect(normalizePath("/plain/path?x=1")).toBe("/plain/path?x=1");
    expect(normalizePath("*")).toBe("*");
  });

  it("reduces an absolute-form target to its path and query, which is what is routed", () => {
    expect(normalizePath("http://elsewhere.example/api/v2/usage/meters/./series/?from=1#x")).toBe(
      "/api/v2/usage/meters/series?from=1",
    );
  });
});
