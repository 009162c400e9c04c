/** The key in `Authorization: Bearer <key>`, or undefined when the header is absent or another scheme. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
}
