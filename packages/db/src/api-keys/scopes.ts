import type { ApiScopeName } from "@slotwise/core";

import type { ApiScope } from "../generated/prisma/client.ts";

const TO_DB: Record<ApiScopeName, ApiScope> = {
  ota: "OTA",
  "usage:write": "USAGE_WRITE",
  "usage:read": "USAGE_READ",
  catalog: "CATALOG",
  checkin: "CHECKIN",
};
const FROM_DB: Record<ApiScope, ApiScopeName> = {
  OTA: "ota",
  USAGE_WRITE: "usage:write",
  USAGE_READ: "usage:read",
  CATALOG: "catalog",
  CHECKIN: "checkin",
};

export const scopeToDb = (scope: ApiScopeName): ApiScope => TO_DB[scope];
export const scopeFromDb = (scope: ApiScope): ApiScopeName => FROM_DB[scope];
