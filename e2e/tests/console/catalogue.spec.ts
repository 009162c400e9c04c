import { expect, test } from "@playwright/test";

import { readStack } from "../../scripts/stack.ts";
import { bearer, createKeyWithCli, customer, isoDate, openPage, OTA, signIn } from "../support.ts";

interface Product {
  ActivityID: string;
  Name: string;
  Units: { ID: string }[];
}

test("an operator builds an activity in the console, a partner books it over REST, a closure lists that booking", async ({
  page,
  request,
}) => {
  const name = `Canyon Walk ${Date.now().toString(36)}`;
  await signIn(page);
  await openPage(page, "Catalogue");

  // New activity: the API's refusal of a zone that does not exist shows beside the field.
  await page.getByRole("button", { name: "New activity" }).click();
  const dialog = page.getByRole("dialog", { name: "New activity" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Time zone").fill("Europe/Atlantis");
  await dialog.getByLabel("Currency").fill("EUR");
  await dialog.getByLabel("Duration (minutes)").fill("120");
  await dialog.getByLabel("Adult price").fill("40");
  await dialog.getByRole("button", { name: "Create activity" }).click();
  await expect(dialog.locator(".field-error")).toContainText("TimeZone");
  await dialog.getByLabel("Time zone").fill("Europe/Lisbon");
  await dialog.getByRole("button", { name: "Create activity" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // A second unit, beside the adult one the activity was created with.
  const unitForm = page.getByRole("form", { name: "Unit type" });
  await unitForm.getByLabel("ID (adult, child, senior…)").fill("child");
  await unitForm.getByLabel("Label", { exact: true }).fill("Child");
  await unitForm.getByLabel("Minimum age").fill("6");
  await unitForm.getByLabel("Price per place").fill("20");
  await unitForm.getByRole("button", { name: "Add unit type" }).click();
  await expect(page.getByRole("table", { name: "Unit types of this activity" })).toContainText("Child");

  // A waiver question.
  const questions = page.getByRole("form", { name: "Waiver questions" });
  await questions.getByRole("button", { name: "Add question" }).click();
  await questions.getByLabel("Question", { exact: true }).fill("Can you swim 50 metres?");
  await questions.getByRole("button", { name: "Save questions" }).click();
  await expect(page.getByText("Questions saved")).toBeVisible();
  await expect(questions.getByRole("button", { name: "Retire question 1" })).toBeVisible();
  // A second one, moved first and saved, then retired: only the first stays asked.
  await questions.getByRole("button", { name: "Add question" }).click();
  const second = questions.getByRole("group", { name: "Question 2" });
  await second.getByLabel("Question", { exact: true }).fill("Your height in cm");
  await second.getByLabel("Answer").selectOption("text");
  await questions.getByRole("button", { name: "Move up question 2" }).click();
  await questions.getByRole("button", { name: "Save questions" }).click();
  await expect(questions.getByText("· new")).toHaveCount(0);
  const firstAsked = questions.getByRole("group", { name: "Question 1" }).getByLabel("Question", { exact: true });
  await expect(firstAsked).toHaveValue("Your height in cm");
  await questions.getByRole("button", { name: "Retire question 1" }).click();
  await questions.getByRole("button", { name: "Save questions" }).click();
  await expect(firstAsked).toHaveValue("Can you swim 50 metres?");
  await expect(questions.getByRole("group")).toHaveCount(1);

  // Partners and policy: sold by globetrek only for a moment, then by everyone again, with a
  // half refund up to 48 hours before the start.
  const distribution = page.getByRole("form", { name: "Partners and cancellation policy" });
  await distribution.getByLabel("Only the partners chosen here").check();
  await distribution.getByLabel(/globetrek/).check();
  await distribution.getByRole("button", { name: "Save partners and policy" }).click();

  // A schedule: the preview lists its starts in the activity's zone before it is created,
  // then the same rule clashes with the schedule it made.
  const first = isoDate(2);
  const last = isoDate(8);
  const schedule = page.getByRole("form", { name: "New schedule" });
  await schedule.getByLabel("First day").fill(first);
  await schedule.getByLabel("Last day (empty: open-ended)").fill(last);
  await schedule.getByLabel("Start times in Europe/Lisbon (09:00, 14:30)").fill("10:00, 15:00");
  await schedule.getByLabel("Places per timeslot").fill("8");
  const preview = schedule.getByRole("region", { name: "Schedule preview" });
  await expect(preview).toContainText("It makes 14 timeslots now");
  await expect(preview).toContainText("Next starts (Europe/Lisbon)");
  await expect(preview.getByTestId("preview-starts").getByRole("listitem")).toHaveCount(12);
  await expect(preview.getByTestId("preview-starts").getByRole("listitem").first()).toContainText("10:00");
  await schedule.getByRole("button", { name: "Create schedule" }).click();
  await expect(page.getByText("Schedule created with 14 timeslots")).toBeVisible();
  await expect(page.getByRole("table", { name: "Schedules of this activity" })).toContainText("10:00, 15:00");
  await expect(preview).toContainText("Clashes with schedule");

  // A partner finds it over REST, with both units and the question, and books it.
  const api = `${readStack().apiUrl}${OTA}`;
  const auth = bearer(createKeyWithCli(["--operator", "demo", "--partner", "acme-travel", "--scope", "ota"]));
  const found = async () => {
    const response = await request.get(`${api}/products?name=${encodeURIComponent(name)}`, { headers: auth });
    return ((await response.json()) as { data: Product[] }).data.length;
  };
  await expect.poll(found).toBe(0);
  await distribution.getByLabel("Every partner").check();
  await distribution
    .getByLabel("Refund tiers (later than every tier refunds nothing; no tier: partners cannot cancel)")
    .check();
  await distribution.getByRole("button", { name: "Add tier" }).click();
  await distribution.getByLabel("Hours before the start").fill("48");
  await distribution.getByLabel("Refund %").fill("50");
  await distribution.getByRole("button", { name: "Save partners and policy" }).click();
  await expect.poll(found).toBe(1);
  const listed = await request.get(`${api}/products?name=${encodeURIComponent(name)}`, { headers: auth });
  expect(listed.status()).toBe(200);
  const [product] = ((await listed.json()) as { data: Product[] }).data;
  expect(product?.Name).toBe(name);
  expect(product?.Units.map((u) => u.ID).sort()).toEqual(["adult", "child"]);
  const activityId = product?.ActivityID ?? "";
  const day = isoDate(3);
  const slots = await request.get(`${api}/availability/${activityId}/timeslots?Date=${day}`, { headers: auth });
  expect(((await slots.json()) as { data: { Time: string; Available: number }[] }).data).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ Time: "10:00", Available: 8 }),
      expect.objectContaining({ Time: "15:00", Available: 8 }),
    ]),
  );
  const asked = await request.get(`${api}/questions/${activityId}`, { headers: auth });
  const [question] = ((await asked.json()) as { data: { ID: string; Label: string }[] }).data;
  expect(question?.Label).toBe("Can you swim 50 metres?");
  const booked = await request.post(`${api}/booking`, {
    headers: { ...auth, "Idempotency-Key": `e2e-catalogue-${activityId}` },
    data: {
      ActivityID: activityId,
      Date: day,
      Time: "10:00",
      Units: [
        { UnitID: "adult", Quantity: 1 },
        { UnitID: "child", Quantity: 1 },
      ],
      Customer: customer("Rita", "Costa"),
      Answers: [{ QuestionID: question?.ID, Value: true }],
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { Reference: reference, Cancellation } = (
    (await booked.json()) as { data: { Reference: string; Cancellation: { RefundPercent: number } } }
  ).data;
  expect(Cancellation.RefundPercent).toBe(50);

  // The operator closes that day and sees the booking listed as affected, with a link to it.
  const closure = page.getByRole("form", { name: "New closure" });
  await closure.getByLabel("Closed from").fill(day);
  await closure.getByLabel("Closed until").fill(day);
  await closure.getByLabel("Reason").fill("River in flood");
  await closure.getByRole("button", { name: "Close these days" }).click();
  const affected = page.getByRole("list", { name: "Affected bookings" });
  await expect(affected.getByRole("link")).toHaveText([reference]);
  const after = await request.get(`${api}/availability/${activityId}/timeslots?Date=${day}`, { headers: auth });
  const open = ((await after.json()) as { data: { Available: number }[] }).data.filter((s) => s.Available > 0);
  expect(open).toEqual([]);
  await affected.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { name: `Booking ${reference}` })).toBeVisible();

  // Archived, partners no longer find it; unarchived, they do again.
  await openPage(page, "Catalogue");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await row.getByRole("button", { name: `Archive ${name}` }).click();
  await expect(row).toContainText("Archived");
  await expect.poll(found).toBe(0);
  await row.getByRole("button", { name: `Unarchive ${name}` }).click();
  await expect(row).toContainText("On sale");
  await expect.poll(found).toBe(1);

  // The availability grid leads to the same editor.
  await openPage(page, "Activities");
  await page
    .getByRole("navigation", { name: "Activities" })
    .getByRole("link", { name: new RegExp(name) })
    .click();
  await page.getByRole("link", { name: "Edit activity" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});
