/**
 * The activity's detail fields as the console's forms hold them (text, as typed) and as the
 * catalogue procedures take them. The API validates every field; the form shows its errors.
 */
export interface DetailsForm {
  name: string;
  description: string;
  durationMinutes: string;
  timeZone: string;
  location: string;
  currency: string;
  bookingCutoffMinutes: string;
  maxParticipants: string;
}

export const EMPTY_DETAILS: DetailsForm = {
  name: "",
  description: "",
  durationMinutes: "60",
  timeZone: "",
  location: "",
  currency: "EUR",
  bookingCutoffMinutes: "0",
  maxParticipants: "20",
};

/** A whole number as typed; NaN for anything else, which the API then refuses naming the field. */
export function wholeNumberOf(text: string): number {
  return /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

export function detailsInput(form: DetailsForm) {
  return {
    Name: form.name,
    Description: form.description,
    DurationMinutes: wholeNumberOf(form.durationMinutes),
    TimeZone: form.timeZone.trim(),
    Location: form.location,
    Currency: form.currency.trim().toUpperCase(),
    BookingCutoffMinutes: wholeNumberOf(form.bookingCutoffMinutes),
    MaxParticipants: wholeNumberOf(form.maxParticipants),
  };
}

export function detailsForm(activity: {
  Name: string;
  Description: string;
  DurationMinutes: number;
  TimeZone: string;
  Location: string;
  Currency: string;
  BookingCutoffMinutes: number;
  MaxParticipants: number;
}): DetailsForm {
  return {
    name: activity.Name,
    description: activity.Description,
    durationMinutes: String(activity.DurationMinutes),
    timeZone: activity.TimeZone,
    location: activity.Location,
    currency: activity.Currency,
    bookingCutoffMinutes: String(activity.BookingCutoffMinutes),
    maxParticipants: String(activity.MaxParticipants),
  };
}

/** Schedule start times as typed, "09:00, 14:30" or one a line, in the order given. */
export function timesOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((time) => time.trim())
    .filter((time) => time !== "")
    .map((time) => (/^\d:\d\d$/.test(time) ? `0${time}` : time));
}

/**
 * The API's error for a list item's field: its paths read `Questions[0].Label` from the
 * input's schema and `Questions.0.ID` from checks against the database.
 */
export function itemProblem(problems: Record<string, string>, list: string, index: number, field: string) {
  return problems[`${list}[${index}].${field}`] ?? problems[`${list}.${index}.${field}`];
}
