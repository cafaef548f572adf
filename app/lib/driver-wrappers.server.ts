import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from "kysely";

/**
 * A Kysely driver that passes everything to the one it wraps: the site's few changes to how
 * statements reach the database (commits heard by the page cache, SQLite's IMMEDIATE
 * transactions, PostgreSQL's text without NUL) each override only what they change.
 */
export class PassThroughDriver implements Driver {
  constructor(protected readonly inner: Driver) {
    if (inner.savepoint)
      this.savepoint = (connection, ...rest) => inner.savepoint!(this.innerConnection(connection), ...rest);
    if (inner.rollbackToSavepoint)
      this.rollbackToSavepoint = (connection, ...rest) =>
        inner.rollbackToSavepoint!(this.innerConnection(connection), ...rest);
    if (inner.releaseSavepoint)
      this.releaseSavepoint = (connection, ...rest) =>
        inner.releaseSavepoint!(this.innerConnection(connection), ...rest);
  }

  savepoint?: Driver["savepoint"];
  rollbackToSavepoint?: Driver["rollbackToSavepoint"];
  releaseSavepoint?: Driver["releaseSavepoint"];

  /** The wrapped driver's own connection, for a driver that hands out connections of its own. */
  protected innerConnection(connection: DatabaseConnection): DatabaseConnection {
    return connection;
  }

  init() {
    return this.inner.init();
  }
  acquireConnection() {
    return this.inner.acquireConnection();
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(this.innerConnection(connection), settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(this.innerConnection(connection));
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(this.innerConnection(connection));
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(this.innerConnection(connection));
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** The same dialect, its driver wrapped. */
export function withDriver(dialect: Dialect, wrap: (driver: Driver) => Driver): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => wrap(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
