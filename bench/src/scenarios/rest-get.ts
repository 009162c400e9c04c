import { addDays, startOfLocalDay, todayIn } from "@slotwise/core";

import { load, type LoadResult } from "../load.ts";
import type { BenchStack } from "../stack.ts";

interface RouteResult {
  rest: LoadResult;
  baseline: LoadResult;
  /** The baseline answering from memory, as the API answers from its read cache. */
  cached: LoadResult;
  ratio: number;
  layerRatio: number;
}

export interface RestGetResult {
  timeslots: RouteResult;
  products: RouteResult;
  rest_get_ratio: number;
  /** Against the cached baseline: what the layers themselves cost. */
  rest_get_layer_ratio: number;
}

/**
 * Partners poll availability: GET timeslots (cycling over every activity and the next 30
 * days) and GET products, through the REST layer and through the baseline route, 50
 * connections each, one after the other in the same run; then the same against the
 * baseline's cached routes, which answer from memory as the API does.
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
  const cachedPaths = basePaths.map((path) => `/cached${path}`);
  const auth = { authorization: `Bearer ${stack.keys.ota}` };
  const connections = 50;
  // Warm both up (JIT, connection pools) before measuring.
  await load({ url: api, paths: restPaths, headers: auth, connections, seconds: 2 });
  await load({ url: baseline, paths: basePaths, connections, seconds: 2 });
  // Every path once, so the cached routes' measured phase answers from memory only.
  await load({ url: baseline, paths: cachedPaths, connections, seconds: 2 });
  await load({ url: `${baseline}/cached/products`, connections, seconds: 1 });
  const cachedTimeslots = await load({ url: baseline, paths: cachedPaths, connections, seconds });
  const baseTimeslots = await load({ url: baseline, paths: basePaths, connections, seconds });
  const restTimeslots = await load({ url: api, paths: restPaths, headers: auth, connections, seconds });
  const cachedProducts = await load({ url: `${baseline}/cached/products`, connections, seconds });
  const baseProducts = await load({ url: `${baseline}/products`, connections, seconds });
  const restProducts = await load({
    url: `${api}/api/v2/ota/acme-travel/products`,
    headers: auth,
    connections,
    seconds,
  });
  const route = (rest: LoadResult, base: LoadResult, cached: LoadResult): RouteResult => ({
    rest,
    baseline: base,
    cached,
    ratio: rest.rps / base.rps,
    layerRatio: rest.rps / cached.rps,
  });
  const timeslots = route(restTimeslots, baseTimeslots, cachedTimeslots);
  const productsResult = route(restProducts, baseProducts, cachedProducts);
  return {
    timeslots,
    products: productsResult,
    rest_get_ratio: Math.min(timeslots.ratio, productsResult.ratio),
    rest_get_layer_ratio: Math.min(timeslots.layerRatio, productsResult.layerRatio),
  };
}
