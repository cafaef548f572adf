import { CompiledQuery, type DatabaseConnection, type Dialect } from "kysely";
import { PassThroughDriver, withDriver } from "./driver-wrappers.server";

/**
 * Transactions on a SQLite file begin IMMEDIATE: they take the file's write lock at once.
 * One process already runs its transactions one at a time; a second process on the same
 * file (the admin password tool, a second server) would otherwise read in a transaction,
 * then find the lock taken when it comes to write, and SQLite fails such a transaction at
 * once ("database is locked") rather than wait. Taking the lock first makes it wait its
 * turn, within the busy timeout, like any other writer.
 */
class ImmediateTransactions extends PassThroughDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

export function immediateTransactions(dialect: Dialect): Dialect {
  return withDriver(dialect, (driver) => new ImmediateTransactions(driver));
}
