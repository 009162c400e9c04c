import type { FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** The path as the client sent it, without the query: trpc-to-openapi rewrites `url`. */
    originalPath: string;
  }
}

export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export function instanceOf(request: FastifyRequest): string {
  return request.originalPath || pathOf(request.url);
}
