/** A budget is spent: the client may try again after `retryAfterSeconds` (sent as Retry-After). */
export class TooManyRequestsError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The Retry-After header of the first spent budget among a response's errors, if any. */
export function retryAfterHeader(errors: readonly unknown[]): Record<string, string> {
  for (const error of errors) {
    for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; depth++, e = e.cause) {
      if (e instanceof TooManyRequestsError) return { "Retry-After": String(e.retryAfterSeconds) };
    }
  }
  return {};
}
