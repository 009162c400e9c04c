import { router } from "../../trpc/procedures.ts";
import { listProducts } from "./list-products.ts";
import { resolveProduct } from "./resolve-product.ts";

export const productsRouter = router({ list: listProducts, resolve: resolveProduct });
