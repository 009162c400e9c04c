import { router } from "../../../trpc/procedures.ts";
import { addConsoleUnitType } from "./add-unit-type.ts";
import { changeConsoleUnitType } from "./change-unit-type.ts";
import { listUnitTypes } from "./list-unit-types.ts";
import { retireConsoleUnitType } from "./retire-unit-type.ts";

export const consoleUnitTypesRouter = router({
  list: listUnitTypes,
  add: addConsoleUnitType,
  change: changeConsoleUnitType,
  retire: retireConsoleUnitType,
});
