import { expect, test } from "@playwright/test";

import { bearer, bookableSlot, createKeyWithCli, customer, expectProblem, OTA, share } from "../support.ts";

interface Product {
  ID: number;
  ActivityID: string;
  Name: string;
}
interface Question {
  ID: string;
  Type: string;
  Required: boolean;
}
interface Booking {
  Reference: string;
  Status: string;
  WaiverStatus: string;
  PaymentReference: string | null;
  Participants: number;
}

test("a partner integrates: key from the CLI, catalogue, availability, questions, booking, idempotency, sell-out, cancel, errors", async ({
  request,
}) => {
  const key = createKeyWithCli([
    "--operator",
    "demo",
    "--partner",
    "acme-travel",
    "--scope",
    "ota",
    "--name",
    "Acme e2e",
  ]);
  const auth = bearer(key);

  // Catalogue with a name filter, then the same list revalidated with its ETag.
  const listed = await request.get(`${OTA}/products?name=kayak`, { headers: auth });
  expect(listed.status()).toBe(200);
  const products = ((await listed.json()) as { data: Product[] }).data;
  expect(products.map((p) => p.Name)).toEqual(["Sunset Kayak Tour"]);
  const etag = listed.headers().etag;
  expect(etag).toBeTruthy();
  const revalidated = await request.get(`${OTA}/products?name=kayak`, {
    headers: { ...auth, "If-None-Match": etag ?? "" },
  });
  expect(revalidated.status()).toBe(304);
  expect(await revalidated.body()).toHaveLength(0);

  // Resolve by ID and by name: the same product.
  const kayak = products[0]!;
  const byId = (await (await request.get(`${OTA}/resolve-product?ID=${kayak.ID}`, { headers: auth })).json()) as {
    data: Product;
  };
  const byName = (await (
    await request.get(`${OTA}/resolve-product?Name=${encodeURIComponent("sunset kayak tour")}`, { headers: auth })
  ).json()) as { data: Product };
  expect(byId.data.ActivityID).toBe(kayak.ActivityID);
  expect(byName.data.ActivityID).toBe(kayak.ActivityID);

  // Dates and timeslots.
  const slot = await bookableSlot(request, key, kayak.ActivityID, 3);
  expect(slot.Time).toMatch(/^\d\d:\d\d$/);

  // Questions, on the partner's path and on the partner-independent one.
  const questions = (
    (await (await request.get(`${OTA}/questions/${kayak.ActivityID}`, { headers: auth })).json()) as {
      data: Question[];
    }
  ).data;
  const core = (
    (await (await request.get(`/api/v2/ota/core/questions/${kayak.ActivityID}`, { headers: auth })).json()) as {
      data: Question[];
    }
  ).data;
  expect(questions.length).toBeGreaterThan(0);
  expect(core).toEqual(questions);
  const value = {
    boolean: true,
    date: "1990-05-17",
    file: "https://files.example.com/e2e/passport.pdf",
    textarea: "Vegetarian",
    text: "none",
    signature: "Ana Silva",
  } as Record<string, unknown>;
  const Answers = questions.map((q) => ({ QuestionID: q.ID, Value: value[q.Type] }));

  // Book two adults and a child with answers and a payment reference, then replay with the
  // same Idempotency-Key.
  const body = {
    ActivityID: kayak.ActivityID,
    Date: slot.Date,
    Time: slot.Time,
    Units: [
      { UnitID: "adult", Quantity: 2 },
      { UnitID: "child", Quantity: 1 },
    ],
    Customer: customer("Ana", "Silva"),
    PaymentReference: "ACME-E2E-0001",
    Answers,
  };
  const headers = { ...auth, "Idempotency-Key": "e2e-booking-0001" };
  const created = await request.post(`${OTA}/booking`, { headers, data: body });
  expect(created.status(), await created.text()).toBe(201);
  const booking = ((await created.json()) as { data: Booking }).data;
  expect(booking).toMatchObject({
    Status: "confirmed",
    WaiverStatus: "complete",
    PaymentReference: "ACME-E2E-0001",
    Participants: 3,
    Total: { Amount: 11500, Currency: "EUR" },
  });
  const replay = await request.post(`${OTA}/booking`, { headers, data: body });
  expect(replay.status()).toBe(201);
  expect(((await replay.json()) as { data: Booking }).data.Reference).toBe(booking.Reference);
  share("partner-booking", {
    reference: booking.Reference,
    activityId: kayak.ActivityID,
    date: slot.Date,
    time: slot.Time,
    paymentReference: "ACME-E2E-0001",
  });

  // Fill a timeslot of another activity until the API says 409 with what is left.
  const tuk = (
    (await (await request.get(`${OTA}/products?name=tuk-tuk`, { headers: auth })).json()) as { data: Product[] }
  ).data[0]!;
  const full = await bookableSlot(request, key, tuk.ActivityID, 1);
  const fillers: string[] = [];
  for (let left = full.Available; left > 0;) {
    const take = Math.min(left, 4);
    const response = await request.post(`${OTA}/booking`, {
      headers: auth,
      data: {
        ActivityID: tuk.ActivityID,
        Date: full.Date,
        Time: full.Time,
        Participants: take,
        Customer: customer("Filler", `N${fillers.length}`),
      },
    });
    expect(response.status()).toBe(201);
    fillers.push(((await response.json()) as { data: Booking }).data.Reference);
    left -= take;
  }
  const refused = await request.post(`${OTA}/booking`, {
    headers: auth,
    data: {
      ActivityID: tuk.ActivityID,
      Date: full.Date,
      Time: full.Time,
      Participants: 1,
      Customer: customer("Too", "Late"),
    },
  });
  const conflict = await expectProblem(refused, 409, "insufficient-capacity");
  expect(conflict.available).toBe(0);

  // Cancel one booking: its places are bookable again.
  const cancelled = await request.post(`${OTA}/booking/${fillers[0]}/cancel`, { headers: auth });
  expect(cancelled.status()).toBe(200);
  expect(((await cancelled.json()) as { data: Booking }).data.Status).toBe("cancelled");
  const reopened = await request.get(`${OTA}/availability/${tuk.ActivityID}/timeslots?Date=${full.Date}`, {
    headers: auth,
  });
  const again = ((await reopened.json()) as { data: { Time: string; Available: number }[] }).data.find(
    (s) => s.Time === full.Time,
  );
  expect(again?.Available).toBeGreaterThan(0);

  // Problem documents for what partners most often get wrong.
  const malformed = await expectProblem(
    await request.get(`${OTA}/availability/not-an-id/dates?StartDate=2026-12-01&EndDate=2026-12-02`, { headers: auth }),
    400,
    "invalid-parameter",
  );
  expect(malformed.detail).toBe("ActivityID must be s_ followed by 6 to 32 letters or digits");
  const missing = await expectProblem(
    await request.get(`${OTA}/availability/${kayak.ActivityID}/dates?EndDate=2026-12-02`, { headers: auth }),
    422,
    "validation",
  );
  expect(missing.errors).toContainEqual({ field: "StartDate", message: "StartDate is required" });
  const badEmail = await expectProblem(
    await request.post(`${OTA}/booking`, {
      headers: auth,
      data: { ...body, Customer: { ...body.Customer, Email: "ana at example" } },
    }),
    422,
    "validation",
  );
  expect(badEmail.errors?.map((e) => e.field)).toContain("Customer.Email");
});
