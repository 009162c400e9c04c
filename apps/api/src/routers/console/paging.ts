import { integerField } from "@slotwise/core";

/** The page fields of the console's tables, shared by their list inputs. */
export const pageInput = {
  page: integerField("page")
    .min(1, { error: "page must be at least 1" })
    .max(100_000, { error: "page must be at most 100000" })
    .default(1),
  pageSize: integerField("pageSize")
    .min(5, { error: "pageSize must be at least 5" })
    .max(200, { error: "pageSize must be at most 200" })
    .default(25),
};

/** Pagination figures the tables show under themselves. */
export function pageOf(page: number, pageSize: number, total: number) {
  return { page, pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) };
}
