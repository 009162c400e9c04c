import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";

import { PROBLEM_CONTENT_TYPE, problemDocument } from "../problems/problem-document.ts";
import { problem } from "../problems/problem.ts";

/**
 * Answers requests Node cannot parse (oversized headers, broken HTTP) with a problem document
 * like every other error, written straight to the socket because no request object exists.
 */
export function answerClientError(problemsBase: string) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const description =
      error.code === "HPE_HEADER_OVERFLOW"
        ? problem("headers-too-large", "The request's headers are larger than 16 KiB")
        : problem("bad-request", "The request is not valid HTTP/1.1");
    const body = JSON.stringify(problemDocument(problemsBase, description, "/"));
    socket.end(
      [
        `HTTP/1.1 ${description.status} ${STATUS_CODES[description.status]}`,
        "Connection: close",
        `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        "",
        body,
      ].join("\r\n"),
    );
  };
}
