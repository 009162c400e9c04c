import { router } from "../../trpc/procedures.ts";
import { cancelOrder } from "./cancel-order.ts";
import { confirmOrder } from "./confirm-order.ts";
import { createOrder } from "./create-order.ts";
import { getOrder } from "./get-order.ts";

export const ordersRouter = router({ create: createOrder, get: getOrder, confirm: confirmOrder, cancel: cancelOrder });
