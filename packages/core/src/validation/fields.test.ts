import { describe, expect, it } from "vitest";
import { z } from "zod";

import { fieldErrorsOf } from "./field-errors.ts";
import {
  boundedField,
  dateField,
  emailField,
  idField,
  INT4_MAX,
  stringField,
  textField,
  timeField,
  timeZoneField,
} from "./fields.ts";

/** The field errors of parsing `value` as field `name` of an object. */
function errors(schema: z.ZodType, value: unknown) {
  const result = z.object({ f: schema }).safeParse({ f: value });
  return result.success ? [] : fieldErrorsOf(result.error).map((e) => e.message);
}

const LONE_HIGH = "\uD800";
const LONE_LOW = "\uDC00";
const NUL_MESSAGE = "f must not contain the NUL character (U+0000)";
const SURROGATE_MESSAGE = "f must be valid Unicode text: it has a lone surrogate (half of a \\uD800-\\uDFFF pair)";

describe("every string field", () => {
  const builders = {
    stringField: stringField("f"),
    textField: textField("f", 1, 100),
    boundedField: boundedField("f", 100),
    emailField: emailField("f"),
    dateField: dateField("f"),
    timeField: timeField("f"),
    timeZoneField: timeZoneField("f"),
  };

  it.each(Object.entries(builders))("%s refuses NUL anywhere, and says only that", (_name, schema) => {
    for (const value of ["\u0000", "a\u0000b", "ana@example.com\u0000", "2026-01-01\u0000", "  \u0000  "])
      expect(errors(schema, value)).toEqual([NUL_MESSAGE]);
  });

  it.each(Object.entries(builders))(
    "%s refuses lone surrogates, high or low, at either end or inside",
    (_name, schema) => {
      for (const value of [LONE_HIGH, LONE_LOW, `a${LONE_HIGH}`, `${LONE_LOW}a`, `a${LONE_LOW}${LONE_HIGH}b`])
        expect(errors(schema, value)).toEqual([SURROGATE_MESSAGE]);
    },
  );

  it("keeps paired surrogates (emoji) and other Unicode", () => {
    expect(errors(textField("f", 1, 100), "Ana 😀 São Tomé")).toEqual([]);
    expect(errors(stringField("f"), "\uD83D\uDE00")).toEqual([]);
  });

  it("says what type it wanted, or that the field is missing", () => {
    expect(errors(stringField("f"), 5)).toEqual(["f must be a string"]);
    expect(errors(stringField("f"), undefined)).toEqual(["f is required"]);
  });
});

describe("idField", () => {
  it("takes PostgreSQL integer ids only: 1 to 2147483647", () => {
    expect(errors(idField("f"), 1)).toEqual([]);
    expect(errors(idField("f"), INT4_MAX)).toEqual([]);
    for (const value of [0, -1, INT4_MAX + 1, 2 ** 53 - 1])
      expect(errors(idField("f"), value)).toEqual(["f must be a whole number from 1 to 2147483647"]);
    expect(errors(idField("f"), 1.5)).toEqual(["f must be a whole number"]);
    expect(errors(idField("f"), "12")).toEqual(["f must be a whole number"]);
  });
});

describe("dateField", () => {
  it("takes real dates from 1970-01-01 to 9998-12-31", () => {
    for (const value of ["1970-01-01", "2028-02-29", "9998-12-31"]) expect(errors(dateField("f"), value)).toEqual([]);
  });

  it.each([
    ["0000-01-01", "f must be a real date in YYYY-MM-DD form"],
    ["2026-02-29", "f must be a real date in YYYY-MM-DD form"],
    ["10000-01-01", "f must be a real date in YYYY-MM-DD form"],
    ["+002026-01-01", "f must be a real date in YYYY-MM-DD form"],
    ["2026-01-01T00:00", "f must be a real date in YYYY-MM-DD form"],
    ["1969-12-31", "f must be on or after 1970-01-01"],
    ["0001-01-01", "f must be on or after 1970-01-01"],
    ["9999-01-01", "f must be on or before 9998-12-31"],
    ["9999-12-31", "f must be on or before 9998-12-31"],
    ["9999-12-32", "f must be a real date in YYYY-MM-DD form"],
  ])("refuses %s", (value, message) => {
    expect(errors(dateField("f"), value)).toEqual([message]);
  });
});

describe("timeField", () => {
  it("takes HH:MM only, so no long or odd string reaches zone arithmetic", () => {
    expect(errors(timeField("f"), "23:59")).toEqual([]);
    for (const value of ["24:00", "9:30", "09:30:00", "09:30\n", "x".repeat(60_000)])
      expect(errors(timeField("f"), value)).toEqual(["f must be a 24-hour time in HH:MM form"]);
  });
});

describe("emailField", () => {
  const local = "a".repeat(64);
  const at254 = `${local}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;

  it("takes addresses of up to 254 characters, trimmed and lower-cased", () => {
    expect(at254).toHaveLength(254);
    expect(emailField("f").parse(` ${at254.toUpperCase()} `)).toBe(at254);
  });

  it("refuses a valid-looking address over 254 characters, before judging its form", () => {
    expect(errors(emailField("f"), `x${at254}`)).toEqual(["f must be at most 254 characters"]);
    expect(errors(emailField("f"), "not-an-address")).toEqual(["f must be an e-mail address"]);
  });
});

describe("timeZoneField", () => {
  it("takes zone names the application knows, in any case", () => {
    for (const value of ["UTC", "Europe/Lisbon", "europe/lisbon", "Asia/Kolkata", "US/Pacific-New"])
      expect(errors(timeZoneField("f"), value)).toEqual([]);
  });

  it("refuses offsets, unknown names and names over 64 characters", () => {
    for (const value of ["+01:00", "Mars/Olympus", "", "Europe/Lisbon "])
      expect(errors(timeZoneField("f"), value)).toEqual(["f must be an IANA time zone name such as Europe/Lisbon"]);
    expect(errors(timeZoneField("f"), `Europe/${"x".repeat(60)}`)).toEqual(["f must be at most 64 characters"]);
  });
});
