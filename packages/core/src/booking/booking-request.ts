import { z } from "zod";
import { ACTIVITY_ID_PATTERN } from "../ids/activity-id.ts";
import { isCalendarDate, TIME_PATTERN } from "../time/calendar.ts";
import { integerField, patternField, refinedField, stringField, textField } from "../validation/fields.ts";
import { normalizePhone } from "./phone.ts";

export const customerSchema = z.object(
  {
    FirstName: textField("Customer.FirstName", 1, 100),
    LastName: textField("Customer.LastName", 1, 100),
    Email: stringField("Customer.Email").trim().pipe(z.email({ error: "Customer.Email must be an e-mail address" })).transform((e) => e.toLowerCase()),
    Phone: stringField("Customer.Phone").transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (phone === undefined) {
        ctx.addIssue({ code: "custom", message: "Customer.Phone must be in international form: + then 8 to 15 digits, e.g. +351912345678" });
        return z.NEVER;
      }
      return phone;
    }),
  },
  { error: (issue) => (issue.input === undefined ? "Customer is required" : "Customer must be an object") },
);

export const answerSchema = z.object(
  {
    QuestionID: stringField("QuestionID"),
    Value: z.unknown(),
  },
  { error: "each of Answers must be an object with QuestionID and Value" },
);

/**
 * The body of `POST /ota/{partner}/booking` (contract section 7). Participant bounds and the
 * answers' fit to the activity's questions need the product, so they are checked after this.
 */
export const bookingRequestSchema = z.object({
  ActivityID: patternField("ActivityID", ACTIVITY_ID_PATTERN, "s_ followed by 6 to 32 letters or digits"),
  Date: refinedField("Date", isCalendarDate, "a real date in YYYY-MM-DD form"),
  Time: patternField("Time", TIME_PATTERN, "a 24-hour time in HH:MM form"),
  Participants: integerField("Participants").min(1, { error: "Participants must be at least 1" }),
  Customer: customerSchema,
  PaymentReference: textField("PaymentReference", 1, 128).optional(),
  Answers: z.array(answerSchema, { error: "Answers must be a list of { QuestionID, Value }" }).max(200, { error: "Answers must have at most 200 items" }).optional(),
});

export type BookingRequest = z.output<typeof bookingRequestSchema>;
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
