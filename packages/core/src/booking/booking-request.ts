import { z } from "zod";

import { ACTIVITY_ID_PATTERN } from "../ids/activity-id.ts";
import { MAX_PLACES_PER_BOOKING, unitsField, withParticipantsOrUnits } from "../pricing/units.ts";
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
const answersField = z
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

/** Participants of one booking: the product's bounds come later, this keeps the number storable. */
export function participantsField(field: string) {
  return integerField(field)
    .min(1, { error: `${field} must be at least 1` })
    .max(MAX_PLACES_PER_BOOKING, { error: `${field} must be at most ${MAX_PLACES_PER_BOOKING}` });
}

/**
 * The body of `POST /ota/{partner}/booking` (contract sections 7 and 15). Participants or Units
 * (exactly one, see requestedUnits), their bounds and the answers' fit to the activity's
 * questions need the product, so they are checked after this.
 */
export const bookingRequestSchema = withParticipantsOrUnits(
  z.object({
    ActivityID: patternField("ActivityID", ACTIVITY_ID_PATTERN, "s_ followed by 6 to 32 letters or digits"),
    Date: dateField("Date"),
    Time: timeField("Time"),
    Participants: participantsField("Participants").optional(),
    Units: unitsField.optional(),
    Customer: customerSchema,
    PaymentReference: textField("PaymentReference", 1, 128).optional(),
    Answers: answersField.optional(),
  }),
);

export type BookingRequest = z.output<typeof bookingRequestSchema>;
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
