import type { NextRequest } from "next/server";

export const dynamic = "force-dynamic";

/** Read per request, not at build time: one build of the console serves any API address. */
function apiUrl(): string {
  return (process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? "3001"}`).replace(/\/$/, "");
}

// Hop-by-hop headers, and the body encoding that fetch undoes on the way in.
const REQUEST_DROPPED = ["host", "connection", "content-length", "accept-encoding", "keep-alive", "transfer-encoding"];
const RESPONSE_DROPPED = ["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"];

/**
 * The console's /trpc, passed to the API's /trpc. The browser only ever talks to the
 * console's origin, so the session cookie is first-party and the API sees that Origin.
 */
async function forward(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  const headers = new Headers(request.headers);
  for (const name of REQUEST_DROPPED) headers.delete(name);
  try {
    const upstream = await fetch(`${apiUrl()}${pathname}${search}`, {
      method: request.method,
      headers,
      body: request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer(),
      redirect: "manual",
      cache: "no-store",
    });
    const out = new Headers(upstream.headers);
    for (const name of RESPONSE_DROPPED) out.delete(name);
    return new Response(upstream.body, { status: upstream.status, headers: out });
  } catch {
    return Response.json({ error: { message: "The API could not be reached" } }, { status: 502 });
  }
}

export const GET = forward;
export const POST = forward;
