import { parsePhoneNumberFromString } from "libphonenumber-js/max";

const INTERNATIONAL = /^\+\d{8,15}$/;

/**
 * `+` then 8 to 15 digits once spaces and dashes are stripped (the contract's form), with a
 * country calling code that exists; returned in E.164. Undefined when not acceptable.
 */
export function normalizePhone(input: string): string | undefined {
  const compact = input.replace(/[\s-]/g, "");
  if (!INTERNATIONAL.test(compact)) return undefined;
  const parsed = parsePhoneNumberFromString(compact);
  return parsed ? parsed.number : undefined;
}
