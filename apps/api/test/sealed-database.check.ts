/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-meaningless-void-operator, @typescript-eslint/require-await -- no line below is meant to compile */
// Compiled by `pnpm typecheck`, never run: each line below must fail to compile, or the
// `@ts-expect-error` above it fails the typecheck. What the API holds of the database reaches
// no delegate, transaction or raw query (docs/decisions/database-boundary.md).
import type { Database, Tx } from "@slotwise/db";

export function sealedDatabaseRefuses(db: Database, tx: Tx): void {
  // @ts-expect-error a delegate
  void db.booking.findMany();
  // @ts-expect-error a transaction
  void db.$transaction(async () => undefined);
  // @ts-expect-error a raw query
  void db.$queryRaw`SELECT 1`;
  // @ts-expect-error a raw statement, inside a transaction too
  void tx.$executeRaw`SELECT 1`;
  // @ts-expect-error a delegate inside a transaction
  void tx.timeslot.update({ where: { id: 1 }, data: {} });
}
