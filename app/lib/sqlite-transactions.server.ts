import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver } from "kysely";

/**
 * Transactions on a SQLite file begin IMMEDIATE: they take the file's write lock at once.
 * One process already runs its transactions one at a time; a second process on the same
 * file (the admin password tool, a second server) would otherwise read in a transaction,
 * then find the lock taken when it comes to write, and SQLite fails such a transaction at
 * once ("database is locked") rather than wait. Taking the lock first makes it wait its
 * turn, within the busy timeout, like any other writer.
 */
export function immediateTransactions(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new ImmediateTransactions(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

class ImmediateTransactions implements Driver {
  constructor(readonly inner: Driver) {
    if (inner.savepoint) this.savepoint = inner.savepoint.bind(inner);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = inner.rollbackToSavepoint.bind(inner);
    if (inner.releaseSavepoint) this.releaseSavepoint = inner.releaseSavepoint.bind(inner);
  }

  savepoint?: Driver["savepoint"];
  rollbackToSavepoint?: Driver["rollbackToSavepoint"];
  releaseSavepoint?: Driver["releaseSavepoint"];

  init() {
    return this.inner.init();
  }
  acquireConnection() {
    return this.inner.acquireConnection();
  }
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}
