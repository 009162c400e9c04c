import { instantToLocal } from "@slotwise/core";
import type { Client } from "@slotwise/db/testing";

/**
 * The earliest open demo timeslot, two days ahead or more, with `free` places left whose product
 * takes a party of `party` (1 unless given). Without the party rule the pick would depend on the
 * hour a test runs: the earliest slot is sometimes the sailing trip that takes parties of 2 or more.
 * Only the coming two months are read: the demo's schedules reach a year ahead, and every test
 * picks from the earliest ones.
 */
export async function openSlot(
  db: Client,
  options: { free?: number; party?: number; productName?: string; operator?: string } = {},
) {
  const free = options.free ?? 1;
  const party = options.party ?? 1;
  const slots = await db.timeslot.findMany({
    where: {
      closed: false,
      startsAt: { gt: new Date(Date.now() + 2 * 86_400_000), lt: new Date(Date.now() + 62 * 86_400_000) },
      product: {
        operator: { slug: options.operator ?? "demo" },
        ...(options.productName ? { name: options.productName } : {}),
      },
    },
    include: { product: { include: { questions: { orderBy: { position: "asc" } } } } },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
  });
  // Room for the product's smallest booking too, so a caller booking minParticipants is not refused.
  const slot = slots.find(
    (s) =>
      s.capacity - s.placesTaken >= Math.max(free, s.product.minParticipants) &&
      s.product.maxParticipants >= Math.min(free, 2) &&
      (options.productName !== undefined || (s.product.minParticipants <= party && s.product.maxParticipants >= party)),
  );
  if (!slot) throw new Error(`no open slot with ${free} free places`);
  const local = instantToLocal(slot.startsAt, slot.product.timeZone);
  return { slot, product: slot.product, date: local.date, time: local.time };
}

export type SlotInfo = Awaited<ReturnType<typeof openSlot>>;

/** Valid answers to every question of the product. */
export function answersFor(product: SlotInfo["product"]) {
  return product.questions.map((q) => {
    const value = {
      TEXT: "none",
      TEXTAREA: "Looking forward to it",
      BOOLEAN: true,
      SELECT: q.options[0],
      MULTISELECT: q.options.slice(0, 1),
      DATE: "1990-05-17",
      FILE: "https://files.example.com/id.pdf",
      SIGNATURE: "Ana Silva",
    }[q.type];
    return { QuestionID: q.id, Value: value };
  });
}

export function bookingBody(info: SlotInfo, overrides: Record<string, unknown> = {}) {
  return {
    ActivityID: info.product.activityId,
    Date: info.date,
    Time: info.time,
    Participants: info.product.minParticipants,
    Customer: { FirstName: "Ana", LastName: "Silva", Email: "ana.silva@example.com", Phone: "+351 912 345 678" },
    PaymentReference: "ACME-PAY-0001",
    Answers: answersFor(info.product),
    ...overrides,
  };
}
