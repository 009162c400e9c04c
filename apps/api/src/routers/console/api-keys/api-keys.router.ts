import { router } from "../../../trpc/procedures.ts";
import { createKey } from "./create-key.ts";
import { listKeys } from "./list-keys.ts";
import { revokeKey } from "./revoke-key.ts";

export const consoleKeysRouter = router({ list: listKeys, create: createKey, revoke: revokeKey });
