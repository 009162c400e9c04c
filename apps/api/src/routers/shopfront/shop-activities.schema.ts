import { z } from "zod";

import { operatorSlug } from "./shop-operator.ts";

export const shopActivitiesInput = z.object({ operator: operatorSlug });
