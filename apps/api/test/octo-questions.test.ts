import { randomUUID } from "node:crypto";

import { zBooking, zErrorBadRequest, zProduct } from "@octocloud/types";
import { beforeAll, describe, expect, it } from "vitest";

import { toOffsetIso } from "@slotwise/core";

import { openSlot, type SlotInfo } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";

let api: Api;
let key: string;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
});

type Json = Record<string, unknown>;
const QUESTIONS = { "Octo-Capabilities": "octo/questions" };

async function octo(method: string, path: string, body?: unknown, headers: Record<string, string> = QUESTIONS) {
  const response = await api.request(`/octo${path}`, {
    method,
    key,
    headers,
    ...(body === undefined ? {} : { json: body }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function hold(info: SlotInfo) {
  const uuid = randomUUID();
  const reserved = await octo("POST", "/bookings", {
    uuid,
    productId: info.product.activityId,
    optionId: "DEFAULT",
    availabilityId: toOffsetIso(info.slot.startsAt, info.product.timeZone),
    unitItems: [{ unitId: "adult" }],
  });
  expect(reserved.status).toBe(200);
  return uuid;
}

interface OctoQuestion {
  id: string;
  label: string;
  required: boolean;
  inputType: string;
  selectOptions: { value: string }[];
}

const contact = { firstName: "Ana", lastName: "Silva", emailAddress: "ana@example.com" };
const question = (info: SlotInfo, type: string) => info.product.questions.find((q) => q.type === type)!;
const dateOfBirth = new Date(Date.now() - 30 * 365 * 86_400_000).toISOString().slice(0, 10);

describe("octo/questions", () => {
  it("lists an activity's waiver questions on its option only when asked for", async () => {
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour" });
    const plain = await octo("GET", `/products/${info.product.activityId}`, undefined, {});
    expect(zProduct.parse(plain.body).options[0]).not.toHaveProperty("questions");

    const asked = await octo("GET", `/products/${info.product.activityId}`);
    expect(asked.status).toBe(200);
    zProduct.parse(asked.body);
    // The package's schema does not know questions (it drops them): read them from the body.
    const option = (asked.body.options as { questions: OctoQuestion[]; units: Json[] }[])[0]!;
    expect(option.questions.map((q) => q.id)).toEqual(info.product.questions.map((q) => q.id));
    const swim = option.questions.find((q) => q.id === question(info, "BOOLEAN").id);
    expect(swim).toMatchObject({ required: true, inputType: "radio" });
    expect(swim?.selectOptions.map((o) => o.value)).toEqual(["true", "false"]);
    expect(option.questions.find((q) => q.id === question(info, "DATE").id)?.inputType).toBe("date");
    expect(option.units.every((unit) => Array.isArray(unit.questions) && unit.questions.length === 0)).toBe(true);
  });

  it("keeps the answers sent on confirm as REST answers, and answers them back", async () => {
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour" });
    const uuid = await hold(info);
    const answers = [
      { questionId: question(info, "BOOLEAN").id, value: "yes" },
      { questionId: question(info, "DATE").id, value: dateOfBirth },
      { questionId: question(info, "FILE").id, value: "https://files.example.com/id.pdf" },
    ];
    const confirmed = await octo("POST", `/bookings/${uuid}/confirm`, { contact, questionAnswers: answers });
    expect(confirmed.status).toBe(200);
    const booking = zBooking.parse(confirmed.body);
    expect(booking.status).toBe("CONFIRMED");
    const given = confirmed.body.questionAnswers as { questionId: string; value: string; question: OctoQuestion }[];
    expect(given.map((a) => [a.questionId, a.value])).toEqual([
      [answers[0]!.questionId, "true"],
      [answers[1]!.questionId, dateOfBirth],
      [answers[2]!.questionId, "https://files.example.com/id.pdf"],
    ]);
    expect(given[0]?.question.label).toBe(question(info, "BOOLEAN").label);

    const stored = await api.db.booking.findUniqueOrThrow({ where: { reference: booking.supplierReference! } });
    expect(stored.waiverStatus).toBe("COMPLETE");
    expect(stored.answers).toEqual([
      { QuestionID: answers[0]!.questionId, Value: true },
      { QuestionID: answers[1]!.questionId, Value: dateOfBirth },
      { QuestionID: answers[2]!.questionId, Value: "https://files.example.com/id.pdf" },
    ]);
    const rest = await api.request(`${OTA}/booking/${booking.supplierReference}`, { key });
    expect(((await rest.json()) as { data: { WaiverStatus: string } }).data.WaiverStatus).toBe("complete");

    const got = await octo("GET", `/bookings/${uuid}`);
    expect((got.body.questionAnswers as unknown[]).length).toBe(3);
    expect(await octo("GET", `/bookings/${uuid}`, undefined, {}).then((r) => r.body)).not.toHaveProperty(
      "questionAnswers",
    );
  });

  it("takes several choices comma-separated, and answers on the reservation", async () => {
    const info = await openSlot(api.db, { productName: "Alfama Food & Wine Walk" });
    const uuid = randomUUID();
    const reserved = await octo("POST", "/bookings", {
      uuid,
      productId: info.product.activityId,
      optionId: "DEFAULT",
      availabilityId: toOffsetIso(info.slot.startsAt, info.product.timeZone),
      unitItems: [{ unitId: "adult" }],
      questionAnswers: [
        { questionId: question(info, "MULTISELECT").id, value: "vegan, gluten-free" },
        { questionId: question(info, "TEXT").id, value: "none" },
      ],
    });
    expect(reserved.status).toBe(200);
    const stored = await api.db.booking.findFirstOrThrow({ where: { octoUuid: uuid } });
    expect(stored.waiverStatus).toBe("COMPLETE");
    expect(stored.answers).toContainEqual({
      QuestionID: question(info, "MULTISELECT").id,
      Value: ["vegan", "gluten-free"],
    });
    expect((reserved.body.questionAnswers as { value: string }[])[0]?.value).toBe("vegan,gluten-free");
  });

  it("refuses answers that do not fit, naming the field, and leaves the hold as it was", async () => {
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour" });
    const uuid = await hold(info);
    const swim = question(info, "BOOLEAN").id;
    const cases: [unknown[], string][] = [
      [[{ questionId: swim, value: "maybe" }], "questionAnswers[0].value"],
      [[{ questionId: "q_unknown", value: "x" }], "questionAnswers[0].questionId"],
      [[{ questionId: swim, value: "true" }], "questionAnswers must answer required question"],
      [[{ questionId: swim, value: 7 }], "questionAnswers[].value must be a string"],
    ];
    for (const [questionAnswers, field] of cases) {
      const refused = await octo("POST", `/bookings/${uuid}/confirm`, { contact, questionAnswers });
      expect(refused.status, field).toBe(400);
      expect(zErrorBadRequest.parse(refused.body).errorMessage).toContain(field);
    }
    const stored = await api.db.booking.findFirstOrThrow({ where: { octoUuid: uuid } });
    expect(stored.status).toBe("ON_HOLD");
    expect(stored.answers).toEqual([]);
    expect(stored.customerEmail).toBeNull();
  });

  it("applies answers sent on an update as confirm does, to a hold and to a confirmed booking", async () => {
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour" });
    const uuid = await hold(info);
    const swim = question(info, "BOOLEAN").id;
    const birth = question(info, "DATE").id;
    const photo = question(info, "FILE").id;
    const patched = await octo("PATCH", `/bookings/${uuid}`, {
      questionAnswers: [
        { questionId: swim, value: "no" },
        { questionId: birth, value: dateOfBirth },
        { questionId: photo, value: "https://files.example.com/id.pdf" },
      ],
    });
    expect(patched.status).toBe(200);
    expect(zBooking.parse(patched.body).status).toBe("ON_HOLD");
    const given = patched.body.questionAnswers as { questionId: string; value: string }[];
    expect(given.map((a) => [a.questionId, a.value])).toEqual([
      [swim, "false"],
      [birth, dateOfBirth],
      [photo, "https://files.example.com/id.pdf"],
    ]);
    const held = await api.db.booking.findFirstOrThrow({ where: { octoUuid: uuid } });
    expect(held.waiverStatus).toBe("COMPLETE");
    expect(held.answers).toContainEqual({ QuestionID: swim, Value: false });

    // Confirmed without answers, the booking keeps those; a later update replaces them.
    expect((await octo("POST", `/bookings/${uuid}/confirm`, { contact })).status).toBe(200);
    const again = await octo("PATCH", `/bookings/${uuid}`, {
      questionAnswers: [
        { questionId: swim, value: "yes" },
        { questionId: birth, value: dateOfBirth },
        { questionId: photo, value: "https://files.example.com/passport.pdf" },
      ],
    });
    expect(again.status).toBe(200);
    expect(zBooking.parse(again.body).status).toBe("CONFIRMED");
    const stored = await api.db.booking.findFirstOrThrow({ where: { octoUuid: uuid } });
    expect(stored.answers).toEqual([
      { QuestionID: swim, Value: true },
      { QuestionID: birth, Value: dateOfBirth },
      { QuestionID: photo, Value: "https://files.example.com/passport.pdf" },
    ]);
    const rest = await api.request(`${OTA}/booking/${stored.reference}`, { key });
    expect(((await rest.json()) as { data: { WaiverStatus: string } }).data.WaiverStatus).toBe("complete");
  });

  it("refuses an update whose answers do not fit, changing nothing of it", async () => {
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour" });
    const uuid = await hold(info);
    const swim = question(info, "BOOLEAN").id;
    const refused = await octo("PATCH", `/bookings/${uuid}`, {
      notes: "Arriving by train",
      questionAnswers: [{ questionId: swim, value: "maybe" }],
    });
    expect(refused.status).toBe(400);
    expect(zErrorBadRequest.parse(refused.body).errorMessage).toContain("questionAnswers[0].value");
    const missing = await octo("PATCH", `/bookings/${uuid}`, { questionAnswers: [{ questionId: swim, value: "yes" }] });
    expect(missing.status).toBe(400);
    expect(zErrorBadRequest.parse(missing.body).errorMessage).toContain("required question");
    const stored = await api.db.booking.findFirstOrThrow({ where: { octoUuid: uuid } });
    expect(stored.answers).toEqual([]);
    expect(stored.notes).toBeNull();
  });
});
