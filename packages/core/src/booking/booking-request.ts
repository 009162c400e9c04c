import { z } from "zod";

import { ACTIVITY_ID_PATTERN } from "../ids/activity-id.ts";
import {
  MAX_PLACES_PER_BOOKING,
  unitsField,
  withoutBothParticipantsAndUnits,
  withParticipantsOrUnits,
} from "../pricing/units.ts";
import {
  boundedField,
  dateField,
  emailField,
  integerField,
  patternField,
  stringField,
  textField,
  timeField,
} from "../validation/fields.ts";
import { answerTextProblem } from "../waivers/questions.ts";
import { normalizePhone } from "./phone.ts";

export const customerSchema = z.object(
  {
    FirstName: textField("Customer.FirstName", 1, 100),
    LastName: textField("Customer.LastName", 1, 100),
    Email: emailField("Customer.Email"),
    Phone: stringField("Customer.Phone").transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (phone === undefined) {
        ctx.addIssue({
          code: "custom",
          message: "Customer.Phone must be in international form: + then 8 to 15 digits, e.g. +351912345678",
        });
        return z.NEVER;
      }
      return phone;
    }),
  },
  { error: (issue) => (issue.input === undefined ? "Customer is required" : "Customer must be an object") },
);

export const answerSchema = z.object(
  {
    QuestionID: boundedField("QuestionID", 40),
    Value: z.unknown(),
  },
  { error: "each of Answers must be an object with QuestionID and Value" },
);

/**
 * A value's fit to its question is judged once the activity is known (`answersProblems`);
 * the text in it must be storable whatever the question.
 */
export const answersField = z
  .array(answerSchema, { error: "Answers must be a list of { QuestionID, Value }" })
  .max(200, { error: "Answers must have at most 200 items" })
  .check((ctx) => {
    ctx.value.forEach((answer, index) => {
      const problem = answerTextProblem(answer.Value);
      if (problem)
        ctx.issues.push({
          code: "custom",
          path: [index, "Value"],
          message: `Answers[${index}].Value ${problem}`,
          input: answer.Value,
        });
    });
  });

export const paymentReferenceField = textField("PaymentReference", 1, 128);

/** Participants of one booking: the product's bounds come later, this keeps the number storable. */
export function participantsField(field: string) {
  return integerField(field)
    .min(1, { error: `${field} must be at least 1` })
    .max(MAX_PLACES_PER_BOOKING, { error: `${field} must be at most ${MAX_PLACES_PER_BOOKING}` });
}

/** How long a hold may keep its places before it must be confirmed. */
const HOLD_MINUTES = { min: 1, max: 60 } as const;

export const holdMinutesField = integerField("HoldMinutes")
  .min(HOLD_MINUTES.min, { error: `HoldMinutes must be at least ${HOLD_MINUTES.min}` })
  .max(HOLD_MINUTES.max, { error: `HoldMinutes must be at most ${HOLD_MINUTES.max}` });

/**
 * What every sale names: the timeslot, the places, the customer and the answers. Participants
 * or Units (exactly one, see withParticipantsOrUnits and requestedUnits), their bounds and the
 * answers' fit to the activity's questions need the product, so they are checked after this.
 */
export const saleFields = z.object({
  ActivityID: patternField("ActivityID", ACTIVITY_ID_PATTERN, "s_ followed by 6 to 32 letters or digits"),
  Date: dateField("Date"),
  Time: timeField("Time"),
  Participants: participantsField("Participants").optional(),
  Units: unitsField.optional(),
  Customer: customerSchema,
  PaymentReference: paymentReferenceField.optional(),
  Answers: answersField.optional(),
});

/**
 * The body of `POST /ota/{partner}/booking` (contract sections 7, 10 and 15). With
 * `HoldMinutes` the booking is a hold and `Customer` may wait until confirmation.
 */
export const bookingRequestSchema = withParticipantsOrUnits(
  saleFields
    .extend({
      HoldMinutes: holdMinutesField.optional(),
      Customer: customerSchema.optional(),
    })
    .refine((request) => request.Customer !== undefined || request.HoldMinutes !== undefined, {
      error: "Customer is required (or HoldMinutes, to hold the places first)",
      path: ["Customer"],
      when: ({ value }) => typeof value === "object" && value !== null,
    }),
);

export type BookingRequest = z.output<typeof bookingRequestSchema>;
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;

/**
 * The optional body of `POST …/booking/{Reference}/confirm` (contract section 10): what the
 * hold still lacks, each field as for a booking.
 */
export const confirmRequestSchema = z.object({
  Customer: customerSchema.optional(),
  PaymentReference: paymentReferenceField.optional(),
  Answers: answersField.optional(),
});

export type ConfirmRequest = z.output<typeof confirmRequestSchema>;

/**
 * The body of `POST …/booking/{Reference}/change` (contract sections 12 and 15): any of the
 * date, the time and the places, but something.
 */
export const changeRequestSchema = withoutBothParticipantsAndUnits(
  z
    .object({
      Date: dateField("Date").optional(),
      Time: timeField("Time").optional(),
      Participants: participantsField("Participants").optional(),
      Units: unitsField.optional(),
    })
    .refine((change) => [change.Date, change.Time, change.Participants, change.Units].some((v) => v !== undefined), {
      error: "Give at least one of Date, Time, Participants or Units",
      path: ["Date"],
    }),
);

export type ChangeRequest = z.output<typeof changeRequestSchema>;
