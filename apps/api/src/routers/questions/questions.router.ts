import { router } from "../../trpc/procedures.ts";
import { listCoreQuestions, listPartnerQuestions } from "./list-questions.ts";

// Order matters for REST matching: the static `core` segment before `{partner}`.
export const questionsRouter = router({ core: listCoreQuestions, list: listPartnerQuestions });
