import { parse, serialize } from "cookie";

export const SESSION_COOKIE = "sw_session";

export function sessionTokenFrom(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? parse(cookieHeader)[SESSION_COOKIE] : undefined;
}

/** HTTP-only (no script reads it), SameSite=Lax (no cross-site POST carries it). */
export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: maxAgeSeconds,
  });
}

export function clearedSessionCookie(secure: boolean): string {
  return serialize(SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: 0 });
}
