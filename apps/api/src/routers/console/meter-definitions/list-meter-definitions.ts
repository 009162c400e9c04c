import { consoleProcedure } from "../../../trpc/procedures.ts";
import { definitionsOf } from "./operator-definitions.ts";

/** The operator's meter definitions, in the shape of `GET /usage/meter-definitions`. */
export const listConsoleMeterDefinitions = consoleProcedure.query(({ ctx }) => definitionsOf(ctx));
