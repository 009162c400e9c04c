import { router } from "../../../trpc/procedures.ts";
import { changeConsoleMeterDefinition } from "./change-meter-definition.ts";
import { createConsoleMeterDefinition } from "./create-meter-definition.ts";
import { deleteConsoleMeterDefinition } from "./delete-meter-definition.ts";
import { listConsoleMeterDefinitions } from "./list-meter-definitions.ts";

export const consoleMeterDefinitionsRouter = router({
  list: listConsoleMeterDefinitions,
  create: createConsoleMeterDefinition,
  change: changeConsoleMeterDefinition,
  delete: deleteConsoleMeterDefinition,
});
