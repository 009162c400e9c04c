import { describe, expect, it } from "vitest";

import { dimensionQuery, dimensionsFromUrl, groupValueLabel } from "../src/lib/usage-dimensions";

describe("dimensionsFromUrl", () => {
  it("reads groupBy as an ordered list of names and every filter.<name>", () => {
    const choice = dimensionsFromUrl(
      new URLSearchParams("range=custom&groupBy=plan,%20region,plan&filter.vip=true&filter.n=1.0&filter.empty="),
    );
    expect(choice).toEqual({
      groupBy: ["plan", "region"],
      filters: [
        { name: "vip", value: "true" },
        { name: "n", value: "1.0" },
      ],
    });
  });

  it("has nothing without them", () => {
    expect(dimensionsFromUrl(new URLSearchParams("range=last-7-days"))).toEqual({ groupBy: [], filters: [] });
  });
});

describe("dimensionQuery", () => {
  it("spells the query as the API takes it", () => {
    expect(dimensionQuery({ groupBy: ["plan"], filters: [{ name: "vip", value: "true" }] })).toEqual({
      groupBy: ["plan"],
      "filter.vip": "true",
    });
    expect(dimensionQuery({ groupBy: [], filters: [] })).toEqual({});
  });
});

describe("groupValueLabel", () => {
  it("names the group of entries without the dimension", () => {
    expect(groupValueLabel(null)).toBe("(none)");
    expect(groupValueLabel(false)).toBe("false");
    expect(groupValueLabel(2.5)).toBe("2.5");
    expect(groupValueLabel("eu")).toBe("eu");
  });
});
