/** Sends N refusals of a full timeslot to BASE (probe for issue 14; not part of `pnpm bench`). */
import { instantToLocal } from "@slotwise/core";
import { createDatabase } from "@slotwise/db";

const db = createDatabase(process.env.DATABASE_URL ?? "", { maxConnections: 2 });
const base = process.env.BASE ?? "";
const n = Number(process.env.N ?? 5000);
const operator = await db.operator.findUniqueOrThrow({ where: { slug: "demo" } });
const product = await db.product.findFirstOrThrow({
  where: { operatorId: operator.id, active: true, maxParticipants: { gte: 1 } },
  orderBy: { id: "asc" },
});
const startsAt = new Date(
  Math.ceil((Date.now() + 45 * 86_400_000) / 3_600_000) * 3_600_000 + Math.floor(Math.random() * 5000) * 60_000,
);
await db.timeslot.create({ data: { productId: product.id, startsAt, capacity: 1, placesTaken: 1 } });
const local = instantToLocal(startsAt, product.timeZone);
let next = 0;
const statuses: Record<number, number> = {};
let sample = "";
const started = performance.now();
await Promise.all(
  Array.from({ length: 50 }, async () => {
    while (next < n) {
      const i = next++;
      const res = await fetch(`${base}/api/v2/ota/acme-travel/booking`, {
        method: "POST",
        headers: { authorization: `Bearer ${process.env.KEY ?? ""}`, "content-type": "application/json" },
        body: JSON.stringify({
          ActivityID: product.activityId,
          Date: local.date,
          Time: local.time,
          Participants: 1,
          Customer: { FirstName: "Rush", LastName: `Hour${i}`, Email: `rush${i}@example.com`, Phone: "+351912345678" },
        }),
      });
      const text = await res.text();
      if (!sample) sample = `${res.status} ${JSON.stringify(Object.fromEntries(res.headers))}\n${text}`;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  }),
);
console.log(Math.round(performance.now() - started), "ms", JSON.stringify(statuses));
console.log(sample);
await db.$disconnect();
