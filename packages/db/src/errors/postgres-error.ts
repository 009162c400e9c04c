interface DriverErrorCause {
  originalCode?: unknown;
  originalMessage?: unknown;
}

/** What PostgreSQL said about a failed statement (SQLSTATE and message) as Prisma passes it on, or null for other failures. */
export function postgresErrorOf(error: unknown): { code: string; message: string } | null {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: DriverErrorCause } } } | null)?.meta
    ?.driverAdapterError?.cause;
  if (typeof cause?.originalCode !== "string") return null;
  return {
    code: cause.originalCode,
    message: typeof cause.originalMessage === "string" ? cause.originalMessage : cause.originalCode,
  };
}

/**
 * Whether the statement failed on the data it was given (SQLSTATE class 22, data exception, or
 * 23, integrity constraint violation), so the same statement would fail again: not on a lost
 * connection, a timeout or a conflict with another transaction, which are worth retrying.
 */
export function isDataError(error: { code: string }): boolean {
  return error.code.startsWith("22") || error.code.startsWith("23");
}

/**
 * Whether PostgreSQL refused an autocommitted statement, so that nothing of it was written:
 * any error it reports except a connection failure (class 08) or operator intervention (57, a
 * terminated or shut-down backend), which can reach the client after the commit.
 */
export function isStatementRefusal(error: { code: string }): boolean {
  return !error.code.startsWith("08") && !error.code.startsWith("57");
}
