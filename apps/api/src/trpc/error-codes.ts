import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";

const CODE_FOR_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  409: "CONFLICT",
  410: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
  414: "BAD_REQUEST",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

/** The tRPC code a /trpc client sees for an HTTP status, so both transports agree. */
export function trpcCodeForStatus(status: number): TRPC_ERROR_CODE_KEY {
  return CODE_FOR_STATUS[status] ?? "INTERNAL_SERVER_ERROR";
}
