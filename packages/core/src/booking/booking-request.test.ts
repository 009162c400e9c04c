import { describe, expect, it } from "vitest";

import { ValidationError } from "../errors/domain-errors.ts";
import { fieldErrorsOf, fieldPath, parseOrThrow } from "../validation/field-errors.ts";
import { bookingRequestSchema } from "./booking-request.ts";
import { normalizePhone } from "./phone.ts";

const valid = {
  ActivityID: "s_7Hk2Pq9Lm",
  Date: "2026-12-01",
  Time: "09:30",
  Participants: 2,
  Customer: { FirstName: " Ana ", LastName: "Silva", Email: "Ana.Silva@Example.com", Phone: "+351 912-345-678" },
  PaymentReference: "PAY-123",
  Answers: [{ QuestionID: "q_abcdefgh", Value: true }],
};

function errorsFor(body: unknown) {
  const result = bookingRequestSchema.safeParse(body);
  return result.success ? [] : fieldErrorsOf(result.error);
}

describe("booking request", () => {
  it("accepts a complete request, trimming names, lower-casing the e-mail and normalising the phone", () => {
    const parsed = bookingRequestSchema.parse(valid);
    expect(parsed.Customer).toEqual({
      FirstName: "Ana",
      LastName: "Silva",
      Email: "ana.silva@example.com",
      Phone: "+351912345678",
    });
    expect(parsed.PaymentReference).toBe("PAY-123");
  });

  it("needs only the required fields", () => {
    const { PaymentReference: _p, Answers: _a, ...required } = valid;
    expect(bookingRequestSchema.safeParse(required).success).toBe(true);
  });

  it("names each missing field in the contract's words", () => {
    expect(errorsFor({})).toEqual([
      { field: "ActivityID", message: "ActivityID is required" },
      { field: "Date", message: "Date is required" },
      { field: "Time", message: "Time is required" },
      { field: "Customer", message: "Customer is required (or HoldMinutes, to hold the places first)" },
      { field: "Participants", message: "Participants is required (or Units)" },
    ]);
    expect(errorsFor({ ...valid, Customer: {} }).map((e) => e.field)).toEqual([
      "Customer.FirstName",
      "Customer.LastName",
      "Customer.Email",
      "Customer.Phone",
    ]);
  });

  it.each([
    [{ ActivityID: "abc" }, "ActivityID", "ActivityID must be s_ followed by 6 to 32 letters or digits"],
    [{ Date: "2026-02-30" }, "Date", "Date must be a real date in YYYY-MM-DD form"],
    [{ Time: "9:30" }, "Time", "Time must be a 24-hour time in HH:MM form"],
    [{ Time: "24:00" }, "Time", "Time must be a 24-hour time in HH:MM form"],
    [{ Participants: "2" }, "Participants", "Participants must be a whole number"],
    [{ Participants: 1.5 }, "Participants", "Participants must be a whole number"],
    [{ Participants: 0 }, "Participants", "Participants must be at least 1"],
    [
      { Customer: { ...valid.Customer, Email: "not-an-email" } },
      "Customer.Email",
      "Customer.Email must be an e-mail address",
    ],
    [
      { Customer: { ...valid.Customer, Phone: "912345678" } },
      "Customer.Phone",
      "Customer.Phone must be in international form: + then 8 to 15 digits, e.g. +351912345678",
    ],
    [
      { Customer: { ...valid.Customer, FirstName: "   " } },
      "Customer.FirstName",
      "Customer.FirstName must not be empty",
    ],
    [
      { Customer: { ...valid.Customer, LastName: "x".repeat(101) } },
      "Customer.LastName",
      "Customer.LastName must be at most 100 characters",
    ],
    [{ PaymentReference: "x".repeat(129) }, "PaymentReference", "PaymentReference must be at most 128 characters"],
    [{ Answers: "yes" }, "Answers", "Answers must be a list of { QuestionID, Value }"],
    [{ Date: "0000-01-01" }, "Date", "Date must be a real date in YYYY-MM-DD form"],
    [{ Date: "1969-12-31" }, "Date", "Date must be on or after 1970-01-01"],
    [{ Participants: 2 ** 31 }, "Participants", "Participants must be at most 10000"],
    [
      { Customer: { ...valid.Customer, FirstName: "Ana\u0000" } },
      "Customer.FirstName",
      "Customer.FirstName must not contain the NUL character (U+0000)",
    ],
    [
      { Customer: { ...valid.Customer, LastName: "Silva\ud800" } },
      "Customer.LastName",
      "Customer.LastName must be valid Unicode text: it has a lone surrogate (half of a \\uD800-\\uDFFF pair)",
    ],
    [
      { Customer: { ...valid.Customer, Email: `${"a".repeat(64)}@${"b".repeat(200)}.com` } },
      "Customer.Email",
      "Customer.Email must be at most 254 characters",
    ],
    [
      { PaymentReference: "PAY\u0000" },
      "PaymentReference",
      "PaymentReference must not contain the NUL character (U+0000)",
    ],
    [
      { Answers: [{ QuestionID: "q_abcdefgh", Value: "ok\u0000" }] },
      "Answers[0].Value",
      "Answers[0].Value must not contain the NUL character (U+0000)",
    ],
    [
      {
        Answers: [
          { QuestionID: "q_a", Value: true },
          { QuestionID: "q_b", Value: ["x", "\udc00"] },
        ],
      },
      "Answers[1].Value",
      "Answers[1].Value must be valid Unicode text: it has a lone surrogate (half of a \\uD800-\\uDFFF pair)",
    ],
    [
      { Answers: [{ QuestionID: "q\u0000", Value: true }] },
      "Answers[0].QuestionID",
      "Answers[0].QuestionID must not contain the NUL character (U+0000)",
    ],
    [{ Customer: "Ana" }, "Customer", "Customer must be an object"],
  ])("rejects %j at %s", (patch, field, message) => {
    expect(errorsFor({ ...valid, ...patch })).toContainEqual({ field, message });
  });

  it("takes Units instead of Participants, but not both", () => {
    const units = [
      { UnitID: "adult", Quantity: 2 },
      { UnitID: "child", Quantity: 1 },
    ];
    const { Participants: _participants, ...withoutParticipants } = valid;
    expect(bookingRequestSchema.parse({ ...withoutParticipants, Units: units }).Units).toEqual(units);
    expect(errorsFor({ ...valid, Units: units })).toEqual([
      { field: "Units", message: "Give either Participants or Units, not both" },
    ]);
  });

  it("takes a hold without a customer, for 1 to 60 minutes", () => {
    const { Customer: _customer, ...noCustomer } = valid;
    expect(bookingRequestSchema.parse({ ...noCustomer, HoldMinutes: 15 }).Customer).toBeUndefined();
    expect(errorsFor({ ...noCustomer, HoldMinutes: 0 })).toContainEqual({
      field: "HoldMinutes",
      message: "HoldMinutes must be at least 1",
    });
    expect(errorsFor({ ...valid, HoldMinutes: 61 })).toEqual([
      { field: "HoldMinutes", message: "HoldMinutes must be at most 60" },
    ]);
    expect(errorsFor({ ...valid, HoldMinutes: "15" })).toEqual([
      { field: "HoldMinutes", message: "HoldMinutes must be a whole number" },
    ]);
  });

  it("turns failures into a ValidationError listing every field", () => {
    expect(() => parseOrThrow(bookingRequestSchema, { ...valid, Date: "x", Time: "y" })).toThrow(ValidationError);
    try {
      parseOrThrow(bookingRequestSchema, { ...valid, Date: "x", Time: "y" });
    } catch (error) {
      expect((error as ValidationError).errors.map((e) => e.field)).toEqual(["Date", "Time"]);
    }
  });

  it("writes nested paths with dots and list indexes with brackets", () => {
    expect(fieldPath(["Customer", "Email"])).toBe("Customer.Email");
    expect(fieldPath(["Answers", 2, "Value"])).toBe("Answers[2].Value");
    expect(fieldPath([])).toBe("");
  });
});

describe("phone numbers", () => {
  it("normalises international numbers to E.164", () => {
    expect(normalizePhone("+351 912 345 678")).toBe("+351912345678");
    expect(normalizePhone("+1-415-555-0100")).toBe("+14155550100");
    expect(normalizePhone("+44 20 7946 0958")).toBe("+442079460958");
  });

  it("refuses national forms, wrong lengths and unknown country codes", () => {
    expect(normalizePhone("912345678")).toBeUndefined();
    expect(normalizePhone("00351912345678")).toBeUndefined();
    expect(normalizePhone("+1234567")).toBeUndefined();
    expect(normalizePhone("+1234567890123456")).toBeUndefined();
    expect(normalizePhone("+(351)912345678")).toBeUndefined();
    expect(normalizePhone("+999123456789")).toBeUndefined();
  });
});
