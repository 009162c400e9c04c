import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { DEFAULT_NEXT, safeNext } from "../src/lib/safe-url";

const CONSOLE = "https://console.example";

/** Where a browser on the console goes with `window.location.assign(path)`. */
const landsOn = (path: string) => new URL(path, `${CONSOLE}/sign-in`).origin;

describe("safeNext", () => {
  it.each([
    ["/bookings", "/bookings"],
    ["/bookings/BK-12345678", "/bookings/BK-12345678"],
    ["/usage?range=custom&from=2026-01-01#chart", "/usage?range=custom&from=2026-01-01#chart"],
    ["/bookings?q=a%2Fb", "/bookings?q=a%2Fb"],
  ])("keeps the console path %s", (value, expected) => {
    expect(safeNext(value)).toBe(expected);
  });

  it.each([
    ["nothing", null],
    ["an empty value", ""],
    ["another host after //", "//evil.example/phish"],
    ["a backslash after the slash", "/\\evil.example/phish"],
    ["two backslashes", "\\\\evil.example"],
    ["a tab between the slashes", "/\t/evil.example"],
    ["a newline between the slashes", "/\n/evil.example"],
    ["a carriage return between the slashes", "/\r/evil.example"],
    ["an encoded second slash", "/%2Fevil.example"],
    ["an encoded backslash", "/%5Cevil.example/phish"],
    ["a twice-encoded backslash", "/%255Cevil.example"],
    ["an encoded tab", "/%09/evil.example"],
    ["dot segments that collapse into //", "/.//evil.example"],
    ["dot segments climbing into //", "/a/..//evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "bookings"],
    ["a NUL", "/bookings\u0000"],
    ["a broken escape", "/bookings%E0%A4%A"],
  ])("refuses %s", (_, value) => {
    expect(safeNext(value)).toBe(DEFAULT_NEXT);
  });

  it("never leads off the console, whatever the text", () => {
    const pieces = fc.constantFrom(
      "/",
      "\\",
      "\t",
      "\n",
      "%2F",
      "%5C",
      "%09",
      "%25",
      ".",
      "..",
      "evil.example",
      ":",
      "@",
      "?",
      "#",
      "a",
    );
    const crafted = fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }), crafted), (value) => {
        const path = safeNext(value);
        expect(landsOn(path)).toBe(CONSOLE);
        expect(path.startsWith("/")).toBe(true);
        expect(path.startsWith("//") || path.startsWith("/\\")).toBe(false);
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it("keeps every plain console path as it is", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        const path = `/${segments.join("/")}`;
        expect(safeNext(path)).toBe(path);
      }),
    );
  });
});
