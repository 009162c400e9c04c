import { router } from "../../../trpc/procedures.ts";
import { listConsoleOutbox } from "./list-outbox.ts";

export const consoleOutboxRouter = router({ list: listConsoleOutbox });
