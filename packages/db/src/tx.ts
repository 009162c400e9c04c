import type { Database } from "./client.ts";
import type { Prisma } from "./generated/prisma/client.ts";

/** The client inside `$transaction`: functions that must be atomic with their caller take this. */
export type Tx = Prisma.TransactionClient;

/** Either a whole client or a transaction: for functions that are one statement. */
export type Db = Database | Tx;
