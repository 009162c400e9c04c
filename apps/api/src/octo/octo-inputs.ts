import type {
  AvailabilityCalendarBody,
  AvailabilityCheckBody,
  BookingCancellationBody,
  BookingConfirmationBody,
  BookingReservationBody,
  BookingUpdateBody,
  ExtendReservationBody,
} from "@octocloud/types";
import { z } from "zod";

import {
  boundedField,
  emailField,
  integerField,
  MAX_TEXT_ANSWER,
  patternField,
  stringField,
  textField,
} from "@slotwise/core";

import { badRequest } from "./octo-errors.ts";

/**
 * The bodies OCTO defines (their types are `@octocloud/types`'), checked with this project's
 * field rules: text that can be stored (no NUL, no lone surrogate), lengths the columns hold,
 * whole numbers in range. A failure is OCTO's BAD_REQUEST naming the field.
 */
const ID = /^[A-Za-z0-9_:+.-]{1,64}$/;
const id = (field: string) => patternField(field, ID, "an id of 1 to 64 letters, digits or _:+.-");
const optionalText = (field: string, max: number) => textField(field, 0, max).nullish();
const MAX_UNIT_ITEMS = 1_000;
/** A hold's minutes, as section 10's HoldMinutes. */
export const MAX_EXPIRATION_MINUTES = 60;

const contact = (path: string) =>
  z
    .object({
      fullName: optionalText(`${path}.fullName`, 201),
      firstName: optionalText(`${path}.firstName`, 100),
      lastName: optionalText(`${path}.lastName`, 100),
      emailAddress: z.union([z.literal(""), emailField(`${path}.emailAddress`)]).nullish(),
      phoneNumber: optionalText(`${path}.phoneNumber`, 16),
      locales: z
        .array(boundedField(`${path}.locales[]`, 35))
        .max(10)
        .optional(),
      postalCode: optionalText(`${path}.postalCode`, 20),
      country: optionalText(`${path}.country`, 60),
      notes: optionalText(`${path}.notes`, 1000),
    })
    .loose();

const unitItems = z
  .array(
    z
      .object({
        uuid: boundedField("unitItems[].uuid", 64).optional(),
        unitId: boundedField("unitItems[].unitId", 64),
        resellerReference: boundedField("unitItems[].resellerReference", 100).optional(),
        contact: contact("unitItems[].contact").optional(),
      })
      .loose(),
    { error: "unitItems must be a list of { unitId }" },
  )
  .max(MAX_UNIT_ITEMS, { error: `unitItems must have at most ${MAX_UNIT_ITEMS} items` });

/** `octo/questions`: answers to the activity's questions, each value a string (checked in octo-questions.ts). */
const questionAnswers = z
  .array(
    z
      .object({
        questionId: boundedField("questionAnswers[].questionId", 64),
        value: boundedField("questionAnswers[].value", MAX_TEXT_ANSWER).nullish(),
      })
      .loose(),
    { error: "questionAnswers must be a list of { questionId, value }" },
  )
  .max(100, { error: "questionAnswers must have at most 100 answers" });

const expirationMinutes = integerField("expirationMinutes")
  .min(1, { error: "expirationMinutes must be at least 1" })
  .max(MAX_EXPIRATION_MINUTES, { error: `expirationMinutes must be at most ${MAX_EXPIRATION_MINUTES}` });
const notes = optionalText("notes", 1000);
const resellerReference = textField("resellerReference", 0, 100);

export const reservationBody = z
  .object({
    uuid: id("uuid").optional(),
    productId: boundedField("productId", 64),
    optionId: boundedField("optionId", 64),
    availabilityId: boundedField("availabilityId", 64),
    expirationMinutes: expirationMinutes.optional(),
    notes,
    unitItems: unitItems.min(1, { error: "unitItems must name at least one unit" }),
    resellerReference: resellerReference.optional(),
    contact: contact("contact").optional(),
    questionAnswers: questionAnswers.optional(),
  })
  .loose();

export const confirmationBody = z
  .object({
    resellerReference: resellerReference.optional(),
    contact: contact("contact"),
    unitItems: unitItems.min(1, { error: "unitItems must name at least one unit" }).optional(),
    emailReceipt: z.boolean().optional(),
    questionAnswers: questionAnswers.optional(),
  })
  .loose();

export const updateBody = z
  .object({
    resellerReference: resellerReference.optional(),
    productId: boundedField("productId", 64).optional(),
    optionId: boundedField("optionId", 64).optional(),
    availabilityId: boundedField("availabilityId", 64).optional(),
    expirationMinutes: expirationMinutes.optional(),
    notes,
    unitItems: unitItems.min(1, { error: "unitItems must name at least one unit" }).optional(),
    contact: contact("contact").optional(),
    emailReceipt: z.boolean().optional(),
    questionAnswers: questionAnswers.optional(),
  })
  .loose();

export const extendBody = z.object({ expirationMinutes: expirationMinutes.optional() }).loose();

export const cancellationBody = z
  .object({ reason: optionalText("reason", 300), force: z.boolean().optional() })
  .loose();

const units = z
  .array(
    z.object({ id: boundedField("units[].id", 64), quantity: integerField("units[].quantity").min(0).max(10_000) }),
  )
  .max(50)
  .optional();

export const calendarBody = z
  .object({
    productId: boundedField("productId", 64),
    optionId: boundedField("optionId", 64),
    localDateStart: stringField("localDateStart").optional(),
    localDateEnd: stringField("localDateEnd").optional(),
    units,
    currency: z.string().nullish(),
  })
  .loose();

export const checkBody = z
  .object({
    productId: boundedField("productId", 64),
    optionId: boundedField("optionId", 64),
    localDate: stringField("localDate").optional(),
    localDateStart: stringField("localDateStart").optional(),
    localDateEnd: stringField("localDateEnd").optional(),
    availabilityIds: z.array(boundedField("availabilityIds[]", 64)).min(1).max(500).optional(),
    units,
    currency: z.string().nullish(),
  })
  .loose();

export const bookingsQuery = z
  .object({
    resellerReference: boundedField("resellerReference", 100).optional(),
    supplierReference: boundedField("supplierReference", 64).optional(),
    localDate: stringField("localDate").optional(),
    localDateStart: stringField("localDateStart").optional(),
    localDateEnd: stringField("localDateEnd").optional(),
    productId: boundedField("productId", 64).optional(),
    optionId: boundedField("optionId", 64).optional(),
  })
  .loose();

/** What each OCTO body is, once checked: the package's type, with what this supplier requires. */
type Checked = {
  reservation: BookingReservationBody & z.infer<typeof reservationBody>;
  confirmation: BookingConfirmationBody & z.infer<typeof confirmationBody>;
  update: BookingUpdateBody & z.infer<typeof updateBody>;
  extend: ExtendReservationBody;
  cancellation: BookingCancellationBody;
  calendar: AvailabilityCalendarBody & z.infer<typeof calendarBody>;
  check: AvailabilityCheckBody & z.infer<typeof checkBody>;
  bookings: z.infer<typeof bookingsQuery>;
};

function fieldOf(issue: z.core.$ZodIssue): string {
  return issue.path
    .map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))
    .join("")
    .slice(1);
}

/** The body checked against its schema, or BAD_REQUEST with the first failing field's message. */
export function checked<K extends keyof Checked>(schema: z.ZodType<Checked[K]>, body: unknown): Checked[K] {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  if (!issue) throw badRequest("The body is not valid");
  const field = fieldOf(issue);
  // The project's field rules name their field in their message; zod's own ones do not.
  const message =
    field && !issue.message.includes(field.replace(/\[\d+\]/g, "[]")) ? `${field}: ${issue.message}` : issue.message;
  throw badRequest(message);
}
