import { addDays, startOfLocalDay, todayIn } from "@slotwise/core";

import { load, type LoadResult } from "../load.ts";
import type { BenchStack } from "../stack.ts";

export interface RestGetResult {
  timeslots: { rest: LoadResult; baseline: LoadResult; ratio: number };
  products: { rest: LoadResult; baseline: LoadResult; ratio: number };
  rest_get_ratio: number;
}

/**
 * Partners poll availability: GET timeslots (cycling over every activity and the next 30
 * days) and GET products, through the REST layer and through the baseline route, 50
 * connections each, one after the other in the same run.
 */
export async function restGet(
  stack: BenchStack,
  api: string,
  baseline: string,
  seconds: number,
): Promise<RestGetResult> {
  const products = await stack.db.product.findMany({ where: { operatorId: stack.operatorId, active: true } });
  const restPaths: string[] = [];
  const basePaths: string[] = [];
  for (const p of products) {
    const today = todayIn(p.timeZone, new Date());
    for (let d = 1; d <= 30; d++) {
      const date = addDays(today, d);
      restPaths.push(`/api/v2/ota/acme-travel/availability/${p.activityId}/timeslots?Date=${date}`);
      basePaths.push(
        `/timeslots/${p.activityId}?from=${startOfLocalDay(date, p.timeZone).toISOString()}&to=${startOfLocalDay(addDays(date, 1), p.timeZone).toISOString()}`,
      );
    }
  }
  const auth = { authorization: `Bearer ${stack.keys.ota}` };
  const connections = 50;
  // Warm both up (JIT, connection pools) before measuring.
  await load({ url: api, paths: restPaths, headers: auth, connections, seconds: 2 });
  await load({ url: baseline, paths: basePaths, connections, seconds: 2 });
  const baseTimeslots = await load({ url: baseline, paths: basePaths, connections, seconds });
  const restTimeslots = await load({ url: api, paths: restPaths, headers: auth, connections, seconds });
  const baseProducts = await load({ url: `${baseline}/products`, connections, seconds });
  const restProducts = await load({
    url: `${api}/api/v2/ota/acme-travel/products`,
    headers: auth,
    connections,
    seconds,
  });
  const timeslots = { rest: restTimeslots, baseline: baseTimeslots, ratio: restTimeslots.rps / baseTimeslots.rps };
  const productsResult = { rest: restProducts, baseline: baseProducts, ratio: restProducts.rps / baseProducts.rps };
  return { timeslots, products: productsResult, rest_get_ratio: Math.min(timeslots.ratio, productsResult.ratio) };
}
