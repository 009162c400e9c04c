import type { Database } from "../src/client.ts";

/** A minimal operator with one product and one future timeslot, for tests that need a slot to sell. */
export async function operatorWithSlot(
  db: Database,
  options: { slug: string; capacity: number; startsInHours?: number; cutoffMinutes?: number },
) {
  const operator = await db.operator.create({
    data: { slug: options.slug, name: `Operator ${options.slug}`, timeZone: "Europe/Lisbon" },
  });
  const product = await db.product.create({
    data: {
      activityId: `s_${options.slug.replace(/[^A-Za-z0-9]/g, "")}000000`.slice(0, 34),
      operatorId: operator.id,
      name: "Test Tour",
      durationMinutes: 60,
      timeZone: "Europe/Lisbon",
      priceAmount: 1000,
      currency: "EUR",
      maxParticipants: 10,
      bookingCutoffMinutes: options.cutoffMinutes ?? 0,
    },
  });
  const timeslot = await db.timeslot.create({
    data: {
      productId: product.id,
      startsAt: new Date(Date.now() + (options.startsInHours ?? 48) * 3_600_000),
      capacity: options.capacity,
    },
  });
  return { operator, product, timeslot };
}

export const customer = { firstName: "Ana", lastName: "Silva", email: "ana@example.com", phone: "+351912345678" };
