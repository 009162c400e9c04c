import { describe, expect, it } from "vitest";

import { normalizePath } from "../src/http/normalize-path.ts";

describe("normalizePath", () => {
  it("decodes escaped letters, digits, '-', '_' and '~' in the path, in either hex case", () => {
    expect(normalizePath("/api/v2/ota/acme%2dtravel/activities/%41%62%63%5F%7e%31")).toBe(
      "/api/v2/ota/acme-travel/activities/Abc_~1",
    );
  });

  it("keeps every other escape, '.' included, and the query exactly as sent", () => {
    expect(normalizePath("/a/%2E%2E/%2F%00%E0%A4%A/%zz?q=%41%2D#%41")).toBe(
      "/a/%2E%2E/%2F%00%E0%A4%A/%zz?q=%41%2D#%41",
    );
    expect(normalizePath("/plain/path?x=1")).toBe("/plain/path?x=1");
  });
});
