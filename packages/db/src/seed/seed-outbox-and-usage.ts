import { markEmailSentInTx } from "../email/mark-email-sent.ts";
import type { Tx } from "../tx.ts";
import type { OperatorSpec } from "./catalog.ts";
import { dateOf } from "./seed-operator.ts";
import type { SeededRandom } from "./seeded-random.ts";

const DAY = 86_400_000;

/**
 * Sends the e-mails the bookings queued, as the mail worker would have: those older than a
 * day went out 20 seconds after they were queued (recording their built-in meters through
 * the same call the worker makes), a few bounced, and the last day's wait in the outbox.
 */
export async function seedSentEmails(tx: Tx, operatorId: number, anchor: Date, random: SeededRandom): Promise<void> {
  const emails = await tx.outboxEmail.findMany({
    where: { operatorId, createdAt: { lt: new Date(anchor.getTime() - DAY) } },
    orderBy: { id: "asc" },
  });
  for (const email of emails) {
    if (random.chance(0.02)) {
      await tx.outboxEmail.update({
        where: { id: email.id },
        data: { status: "FAILED", attempts: 5, lastError: "550 5.1.1 Recipient address rejected: mailbox unavailable" },
      });
      continue;
    }
    await tx.outboxEmail.update({ where: { id: email.id }, data: { attempts: 1 } });
    await markEmailSentInTx(
      tx,
      email.id,
      new Date(email.createdAt.getTime() + 20_000),
      `<${email.id}.${email.dedupeKey.replace(/[^A-Za-z0-9]/g, "")}@mail.slotwise.test>`,
    );
  }
}

/** 90 days of the operator's own meters, as its services would have reported them, and their definitions. */
export async function seedCustomUsage(
  tx: Tx,
  spec: OperatorSpec,
  operatorId: number,
  anchor: Date,
  random: SeededRandom,
): Promise<void> {
  const data = [];
  for (let offset = -90; offset < 0; offset++) {
    const dayStart = Date.parse(`${dateOf(anchor, offset)}T00:00:00Z`);
    for (const meter of spec.customMeters) {
      const count = random.int(meter.perDay[0], meter.perDay[1]);
      for (let i = 0; i < count; i++) {
        const scale = 10 ** meter.decimals;
        const usage = (random.int(meter.usage[0] * scale, meter.usage[1] * scale) / scale).toFixed(meter.decimals);
        const occurredAt = new Date(dayStart + random.int(0, DAY / 1000 - 1) * 1000);
        data.push({ operatorId, meter: meter.name, usage, extraInfo: null, occurredAt, createdAt: occurredAt });
      }
    }
  }
  await tx.usageEntry.createMany({ data });
  await tx.meterDefinition.createMany({
    data: spec.customMeters.map((m) => ({
      operatorId,
      meter: m.name,
      unit: m.unit,
      description: m.description,
      createdAt: anchor,
      updatedAt: anchor,
    })),
  });
}
