import { describe, expect, it } from "vitest";

import { fieldErrorsOf } from "../validation/field-errors.ts";
import { builtInLookAlike, meterNameField } from "./meter-name.ts";

const field = meterNameField("Meter");
const errors = (value: unknown) => {
  const r = field.safeParse(value);
  return r.success ? [] : fieldErrorsOf(r.error).map((e) => e.message);
};
const RESERVED =
  "Meter names order-completed, waitlist-notified, workflow-email-sent, guest-checked-in are reserved for built-in meters";

describe("meter names", () => {
  it("takes ASCII letters, digits and - _ . : /, trimmed", () => {
    for (const name of ["api-calls", "sms_sent", "storage.gb", "svc:search/v2", "A1", "order-completed-v2"])
      expect(errors(name)).toEqual([]);
    expect(field.parse("  api-calls ")).toBe("api-calls");
  });

  it.each([
    ["order-completed\u200b", "zero-width space"],
    ["order-complet\u200ded", "zero-width joiner"],
    ["\u2060order-completed", "word joiner"],
    ["\u043erder-completed", "Cyrillic о"],
    ["order-completed\u0301", "combining accent"],
    ["ｏrder-completed", "fullwidth o"],
    ["api calls", "a space"],
    ["café", "a letter outside ASCII"],
    ["a\u0000b", "NUL"],
  ])("refuses %j (%s)", (name) => {
    expect(errors(name).length).toBe(1);
    expect(errors(name)[0]).toMatch(/^Meter must /);
  });

  it("reserves the built-in names in any case", () => {
    for (const name of ["order-completed", "ORDER-COMPLETED", "Workflow-Email-Sent", " waitlist-notified "])
      expect(errors(name)).toEqual([RESERVED]);
  });

  it.each([
    ["order_completed", "order-completed"],
    ["order.completed", "order-completed"],
    ["ordercompleted", "order-completed"],
    ["0rder-c0mpleted", "order-completed"],
    ["order-comp1eted", "order-completed"],
    ["order-compIeted", "order-completed"],
    ["order-cornpleted", "order-completed"],
    ["vvorkflow-email-sent", "workflow-email-sent"],
    ["waitlist-notif1ed", "waitlist-notified"],
  ])("refuses %s, which reads as %s", (name, builtIn) => {
    expect(builtInLookAlike(name)).toBe(builtIn);
    expect(errors(name)).toEqual([`Meter must not look like the built-in meter ${builtIn}`]);
  });

  it("documents its rule where the OpenAPI document shows it", () => {
    expect(field.meta()?.description).toContain("ASCII letter or digit");
  });
});
