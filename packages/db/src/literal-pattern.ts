/**
 * Text for a LIKE/ILIKE pattern that matches itself only: Prisma hands `contains`, and
 * `equals` with `mode: "insensitive"`, to ILIKE as is, where `%`, `_` and a backslash are
 * wildcards and the escape character.
 */
export const literalPattern = (text: string) => text.replace(/[\\%_]/g, "\\$&");
