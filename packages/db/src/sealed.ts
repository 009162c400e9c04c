import type { Database } from "./client.ts";
import type { Tx } from "./tx.ts";

/**
 * `T` with every member typed `never` but those named in `Open`. A sealed client is still the
 * client at run time and is accepted wherever packages/db takes one, but its holder can call
 * nothing on it: no model delegate, no `$transaction`, no raw SQL. Only packages/db sees the
 * client's members, so every query and transaction is one of its named functions.
 */
export type Sealed<T, Open extends keyof T = never> = { readonly [K in keyof T]: K extends Open ? T[K] : never };

/** The database as the package's entry exports it: passed to its functions, closed with `$disconnect`. */
export type SealedDatabase = Sealed<Database, "$disconnect">;

/** A transaction as the package's entry exports it: passed to its `…InTx` functions. */
export type SealedTx = Sealed<Tx>;

/** Either, for the functions that are one statement. */
export type SealedDb = SealedDatabase | SealedTx;

/** The sealed view of a client or transaction, for handing it out of packages/db. */
export function seal(db: Database): SealedDatabase;
export function seal(tx: Tx): SealedTx;
export function seal(db: Database | Tx): SealedDb {
  return db as unknown as SealedDb;
}
