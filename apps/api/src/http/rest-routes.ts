import { appRouter } from "../trpc/app-router.ts";
import { restRoutes } from "./route-table.ts";

/** The app router's REST routes, as trpc-to-openapi serves them. */
export const routes = restRoutes(appRouter);
