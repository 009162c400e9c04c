import { availabilityRouter } from "../routers/availability/availability.router.ts";
import { bookingsRouter } from "../routers/bookings/bookings.router.ts";
import { catalogRouter } from "../routers/catalog/catalog.router.ts";
import { checkInsRouter } from "../routers/check-ins/check-ins.router.ts";
import { consoleRouter } from "../routers/console/console.router.ts";
import { ordersRouter } from "../routers/orders/orders.router.ts";
import { productsRouter } from "../routers/products/products.router.ts";
import { questionsRouter } from "../routers/questions/questions.router.ts";
import { shopfrontRouter } from "../routers/shopfront/shopfront.router.ts";
import { usageRouter } from "../routers/usage/usage.router.ts";
import { router } from "./procedures.ts";

/** The one router: served to partners as REST under /api/v2 and to the console as tRPC under /trpc. */
export const appRouter = router({
  products: productsRouter,
  availability: availabilityRouter,
  questions: questionsRouter,
  bookings: bookingsRouter,
  checkIns: checkInsRouter,
  orders: ordersRouter,
  usage: usageRouter,
  shopfront: shopfrontRouter,
  catalog: catalogRouter,
  console: consoleRouter,
});

export type AppRouter = typeof appRouter;
