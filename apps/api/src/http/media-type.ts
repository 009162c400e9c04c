/** `APPLICATION/JSON; Charset=UTF-8` → `application/json; Charset=UTF-8`: type and subtype are case-insensitive (RFC 9110 §8.3.1). */
export function normalizeMediaType(header: string): string {
  const semicolon = header.indexOf(";");
  return semicolon === -1
    ? header.trim().toLowerCase()
    : `${header.slice(0, semicolon).trim().toLowerCase()}${header.slice(semicolon)}`;
}
