import { router } from "../../trpc/procedures.ts";
import { checkIn } from "./check-in.ts";

export const checkInsRouter = router({ create: checkIn });
