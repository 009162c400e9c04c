import { describe, expect, it } from "vitest";

import { restRoutes } from "../src/http/route-table.ts";
import { operationProblems, statusesOf } from "../src/problems/operation-problems.ts";
import { appRouter } from "../src/trpc/app-router.ts";
import { startApi } from "./harness.ts";

const EVERY_KEYED = [401, 403, 429, 500, 503];
const EVERY_POST = [400, 413, 415];

/** The error statuses the contract names for each operation (sections 3 to 8, 13 to 15, 18, and its error table). */
const CONTRACT: Record<string, number[]> = {
  "get /ota/{partner}/products": [...EVERY_KEYED],
  "get /ota/{partner}/resolve-product": [...EVERY_KEYED, 400, 404],
  "get /ota/{partner}/availability/{ActivityID}/dates": [...EVERY_KEYED, 400, 404, 422],
  "get /ota/{partner}/availability/{ActivityID}/timeslots": [...EVERY_KEYED, 400, 404, 422],
  "get /ota/{partner}/availability/changes": [...EVERY_KEYED, 410, 422],
  "get /ota/{partner}/availability/{ActivityID}/calendar": [...EVERY_KEYED, 400, 404, 422],
  "get /ota/core/questions/{ActivityID}": [...EVERY_KEYED, 400, 404],
  "get /ota/{partner}/questions/{ActivityID}": [...EVERY_KEYED, 400, 404],
  "post /ota/{partner}/booking": [...EVERY_KEYED, ...EVERY_POST, 404, 409, 422],
  "get /ota/{partner}/booking/{Reference}": [...EVERY_KEYED, 404],
  "get /ota/{partner}/bookings": [...EVERY_KEYED, 422],
  "post /ota/{partner}/booking/{Reference}/cancel": [...EVERY_KEYED, ...EVERY_POST, 404],
  "post /ota/{partner}/booking/{Reference}/confirm": [...EVERY_KEYED, ...EVERY_POST, 404, 409, 422],
  "post /ota/{partner}/booking/{Reference}/change": [...EVERY_KEYED, ...EVERY_POST, 404, 409, 422],
  "post /usage/meters": [...EVERY_KEYED, ...EVERY_POST, 409, 422],
  "post /usage/meters/batch": [...EVERY_KEYED, ...EVERY_POST, 422],
  "get /usage/meters": [...EVERY_KEYED, 422],
  "get /usage/meters/series": [...EVERY_KEYED, 422],
  "get /usage/meter-definitions": [...EVERY_KEYED],
  "get /operator/activities": [...EVERY_KEYED],
  "post /operator/activities": [...EVERY_KEYED, ...EVERY_POST, 422],
  "get /operator/activities/{ActivityID}": [...EVERY_KEYED, 400, 404],
  "patch /operator/activities/{ActivityID}": [...EVERY_KEYED, 400, 404, 409, 422],
  "get /operator/activities/{ActivityID}/schedules": [...EVERY_KEYED, 400, 404],
  "post /operator/activities/{ActivityID}/schedules": [...EVERY_KEYED, ...EVERY_POST, 400, 404, 409, 422],
  "delete /operator/activities/{ActivityID}/schedules/{ID}": [...EVERY_KEYED, 400, 404, 422],
  "post /operator/activities/{ActivityID}/timeslots": [...EVERY_KEYED, ...EVERY_POST, 400, 404, 409, 422],
  "patch /operator/activities/{ActivityID}/timeslots/{Date}/{Time}": [...EVERY_KEYED, 400, 404, 409, 422],
  "get /operator/activities/{ActivityID}/closures": [...EVERY_KEYED, 400, 404],
  "post /operator/activities/{ActivityID}/closures": [...EVERY_KEYED, ...EVERY_POST, 400, 404, 422],
  "get /operator/partners": [...EVERY_KEYED],
  "post /ota/{partner}/orders": [...EVERY_KEYED, ...EVERY_POST, 404, 409, 422],
  "get /ota/{partner}/orders/{OrderID}": [...EVERY_KEYED, 404],
  "post /ota/{partner}/orders/{OrderID}/confirm": [...EVERY_KEYED, ...EVERY_POST, 404, 409, 422],
  "post /ota/{partner}/orders/{OrderID}/cancel": [...EVERY_KEYED, ...EVERY_POST, 404, 409],
  "post /operator/check-ins": [...EVERY_KEYED, ...EVERY_POST, 404, 409, 422],
};

describe("the problems each REST operation documents", () => {
  it("are exactly those its procedure declares, with the edge's, and include every status the contract names", async () => {
    const api = await startApi();
    const document = (await (await fetch(`${api.base}/api/v2/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const operations = restRoutes(appRouter).map((route) => ({
      route,
      name: `${route.method.toLowerCase()} ${route.meta.openapi?.path ?? ""}`,
    }));
    expect(operations.map((o) => o.name).sort()).toEqual(Object.keys(CONTRACT).sort());

    for (const { route, name } of operations) {
      const path = route.meta.openapi?.path ?? "";
      const documented = Object.keys(document.paths[path]?.[route.method.toLowerCase()]?.responses ?? {})
        .map(Number)
        .filter((status) => status >= 400);
      const declared = statusesOf(operationProblems(route.method, path, route.meta.problems));
      expect(documented, name).toEqual(declared);
      for (const status of CONTRACT[name] ?? []) expect(declared, `${name} must declare ${status}`).toContain(status);
    }
  });
});
