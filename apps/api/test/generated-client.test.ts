import { readFile } from "node:fs/promises";

import createClient from "openapi-fetch";
import { beforeAll, describe, expect, it } from "vitest";

import { answersFor } from "./fixtures.ts";
import type { paths } from "./generated/partner-api.d.ts";
import { startApi, type Api } from "./harness.ts";
import { generatedTypesPath, partnerApiTypes } from "./openapi-types.ts";

let api: Api;
let client: ReturnType<typeof createClient<paths>>;
beforeAll(async () => {
  api = await startApi();
  const key = await api.key();
  client = createClient<paths>({ baseUrl: `${api.base}/api/v2`, headers: { Authorization: `Bearer ${key}` } });
});

describe("a client generated from the OpenAPI document", () => {
  it("is generated from the current document (run `pnpm --filter @slotwise/api openapi:types` after changing the API)", async () => {
    expect(await readFile(generatedTypesPath, "utf8")).toBe(await partnerApiTypes());
  });

  it("runs the partner flow: products, dates, timeslots, questions, booking, cancellation", async () => {
    const partner = "acme-travel";
    const products = await client.GET("/ota/{partner}/products", {
      params: { path: { partner }, query: { name: "kayak" } },
    });
    expect(products.response.status).toBe(200);
    const product = products.data!.data[0]!;
    expect(product.Name).toBe("Sunset Kayak Tour");

    const start = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const dates = await client.GET("/ota/{partner}/availability/{ActivityID}/dates", {
      params: { path: { partner, ActivityID: product.ActivityID }, query: { StartDate: start, EndDate: end } },
    });
    const day = dates.data!.data.find((d) => d.Available >= 2)!;
    const slots = await client.GET("/ota/{partner}/availability/{ActivityID}/timeslots", {
      params: { path: { partner, ActivityID: product.ActivityID }, query: { Date: day.Date } },
    });
    const slot = slots.data!.data.find((s) => s.Available >= 2)!;

    const questions = await client.GET("/ota/{partner}/questions/{ActivityID}", {
      params: { path: { partner, ActivityID: product.ActivityID } },
    });
    // Leave three places, so that after booking two the next request for two must be refused.
    const startsAt = new Date(slot.StartsAt);
    const row = await api.db.timeslot.findFirstOrThrow({ where: { productId: product.ID, startsAt } });
    await api.db.timeslot.update({ where: { id: row.id }, data: { capacity: row.placesTaken + 3 } });
    const stored = await api.db.product.findUniqueOrThrow({
      where: { id: product.ID },
      include: { questions: { orderBy: { position: "asc" } } },
    });
    expect(questions.data!.data.map((q) => q.ID)).toEqual(stored.questions.map((q) => q.id));

    const created = await client.POST("/ota/{partner}/booking", {
      params: { path: { partner }, header: { "Idempotency-Key": "generated-client-1" } },
      body: {
        ActivityID: product.ActivityID,
        Date: day.Date,
        Time: slot.Time,
        Participants: 2,
        Customer: { FirstName: "Jo", LastName: "Lee", Email: "jo@example.com", Phone: "+14155550123" },
        PaymentReference: "ACME-PAY-GEN",
        Answers: answersFor(stored),
      },
    });
    expect(created.response.status).toBe(201);
    const booking = created.data!.data;
    expect(booking).toMatchObject({
      Status: "confirmed",
      Participants: 2,
      WaiverStatus: "complete",
      PaymentReference: "ACME-PAY-GEN",
    });

    const conflict = await client.POST("/ota/{partner}/booking", {
      params: { path: { partner } },
      body: {
        ActivityID: product.ActivityID,
        Date: day.Date,
        Time: slot.Time,
        Participants: 2,
        Customer: { FirstName: "A", LastName: "B", Email: "a@example.com", Phone: "+14155550123" },
      },
    });
    expect(conflict.response.status).toBe(409);
    expect(conflict.error).toMatchObject({
      status: 409,
      type: "http://api.test/problems/insufficient-capacity",
      available: 1,
    });

    const cancelled = await client.POST("/ota/{partner}/booking/{Reference}/cancel", {
      params: { path: { partner, Reference: booking.Reference } },
    });
    expect(cancelled.data!.data.Status).toBe("cancelled");
    const read = await client.GET("/ota/{partner}/booking/{Reference}", {
      params: { path: { partner, Reference: booking.Reference } },
    });
    expect(read.data!.data.Status).toBe("cancelled");
  });
});
