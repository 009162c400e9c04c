import { NextResponse, type NextRequest } from "next/server";

const SESSION_COOKIE = "sw_session";

/**
 * Visitors without a session cookie go straight to sign-in. This is only the fast path: the
 * API checks the session on every procedure, and a 401 there also leads to sign-in.
 */
export function proxy(request: NextRequest) {
  if (request.cookies.has(SESSION_COOKIE)) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = "/sign-in";
  url.search = "";
  const next = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (next !== "/") url.searchParams.set("next", next);
  return NextResponse.redirect(url);
}

export const config = {
  matcher: ["/((?!sign-in|trpc|_next|favicon.ico|icon.svg).*)"],
};
