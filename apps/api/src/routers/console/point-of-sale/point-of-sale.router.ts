import { router } from "../../../trpc/procedures.ts";
import { sellAtDesk } from "./sell-at-desk.ts";

export const consolePointOfSaleRouter = router({ sell: sellAtDesk });
