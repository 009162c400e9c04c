import { addDays, startOfLocalDay, todayIn } from "@slotwise/core";

import { load, type LoadResult } from "../load.ts";
import { spread, type Spread } from "../percentile.ts";
import type { BenchStack } from "../stack.ts";

interface RouteRound {
  rest: LoadResult;
  baseline: LoadResult;
  /** The baseline answering from memory, as the API answers from its read cache. */
  cached: LoadResult;
  ratio: number;
  layerRatio: number;
}

/** One pair: each route through the REST layer and through both baselines, one after the other. */
export interface RestGetRound {
  timeslots: RouteRound;
  products: RouteRound;
  /** The lower of the two routes' ratios. */
  rest_get_ratio: number;
  rest_get_layer_ratio: number;
}

export interface RestGetResult {
  rounds: RestGetRound[];
  rest_get_ratio: Spread;
  /** Against the cached baseline: what the layers themselves cost. */
  rest_get_layer_ratio: Spread;
}

/**
 * Partners poll availability: GET timeslots (cycling over every activity and the next 30
 * days) and GET products, through the REST layer and through the baseline route, 50
 * connections each; then the same against the baseline's cached routes, which answer from
 * memory as the API does. `pairs` rounds, each measuring API and baselines one after the
 * other, so that each ratio comes with its spread.
 */
export async function restGet(
  stack: BenchStack,
  api: string,
  baseline: string,
  seconds: number,
  pairs: number,
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
  const route = (rest: LoadResult, base: LoadResult, cached: LoadResult): RouteRound => ({
    rest,
    baseline: base,
    cached,
    ratio: rest.rps / base.rps,
    layerRatio: rest.rps / cached.rps,
  });
  const rounds: RestGetRound[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    const restTimeslots = await load({ url: api, paths: restPaths, headers: auth, connections, seconds });
    const cachedTimeslots = await load({ url: baseline, paths: cachedPaths, connections, seconds });
    const baseTimeslots = await load({ url: baseline, paths: basePaths, connections, seconds });
    const restProducts = await load({
      url: `${api}/api/v2/ota/acme-travel/products`,
      headers: auth,
      connections,
      seconds,
    });
    const cachedProducts = await load({ url: `${baseline}/cached/products`, connections, seconds });
    const baseProducts = await load({ url: `${baseline}/products`, connections, seconds });
    const timeslots = route(restTimeslots, baseTimeslots, cachedTimeslots);
    const productsRound = route(restProducts, baseProducts, cachedProducts);
    rounds.push({
      timeslots,
      products: productsRound,
      rest_get_ratio: Math.min(timeslots.ratio, productsRound.ratio),
      rest_get_layer_ratio: Math.min(timeslots.layerRatio, productsRound.layerRatio),
    });
  }
  return {
    rounds,
    rest_get_ratio: spread(rounds.map((r) => r.rest_get_ratio)),
    rest_get_layer_ratio: spread(rounds.map((r) => r.rest_get_layer_ratio)),
  };
}
