import { describe, expect, it } from "vitest";

import { detailsForm, detailsInput, EMPTY_DETAILS, itemProblem, timesOf } from "../src/lib/activity-form";

describe("activity form", () => {
  it("sends whole numbers as numbers and anything else as NaN, for the API to name the field", () => {
    const input = detailsInput({ ...EMPTY_DETAILS, durationMinutes: " 90 ", maxParticipants: "1.5", currency: "eur" });
    expect(input.DurationMinutes).toBe(90);
    expect(input.MaxParticipants).toBeNaN();
    expect(input.Currency).toBe("EUR");
  });

  it("reads an activity back into the form it was written with", () => {
    const form = { ...EMPTY_DETAILS, name: "Kayak", timeZone: "Europe/Lisbon", description: "Calm water" };
    const input = detailsInput(form);
    expect(detailsForm(input)).toEqual(form);
  });

  it("reads start times however they are separated, padding an hour of one digit", () => {
    expect(timesOf("9:00, 14:30\n17:15;")).toEqual(["09:00", "14:30", "17:15"]);
    expect(timesOf("  ")).toEqual([]);
  });

  it("finds a list item's error under either path spelling", () => {
    const problems = { "Questions[1].Label": "Label is required", "Questions.2.ID": "names no question" };
    expect(itemProblem(problems, "Questions", 1, "Label")).toBe("Label is required");
    expect(itemProblem(problems, "Questions", 2, "ID")).toBe("names no question");
    expect(itemProblem(problems, "Questions", 0, "Label")).toBeUndefined();
  });
});
