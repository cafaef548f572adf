import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from "kysely";

/**
 * PostgreSQL's text cannot hold the NUL character (U+0000), which SQLite stores like any
 * other: a value carrying one (pasted, or sent on purpose) would fail the whole statement
 * with a server error. No name, address or note of this site holds a NUL, so on its way to
 * PostgreSQL it becomes U+FFFD, the mark of a character that could not be kept: the rest
 * of the text is kept, and a lookup by such a value simply finds nothing.
 */
const NUL = "\u0000";

export function withoutNul(value: unknown): unknown {
  if (typeof value === "string") return value.includes(NUL) ? value.replaceAll(NUL, "\uFFFD") : value;
  if (Array.isArray(value)) return value.map(withoutNul);
  return value;
}

class NulSafeConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.inner.executeQuery<R>({ ...query, parameters: query.parameters.map(withoutNul) });
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>({ ...query, parameters: query.parameters.map(withoutNul) }, chunkSize);
  }
}

class NulSafeDriver implements Driver {
  readonly #connections = new WeakMap<DatabaseConnection, NulSafeConnection>();

  constructor(readonly inner: Driver) {
    if (inner.savepoint) this.savepoint = (connection, ...rest) => inner.savepoint!(this.#unwrap(connection), ...rest);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = (connection, ...rest) => inner.rollbackToSavepoint!(this.#unwrap(connection), ...rest);
    if (inner.releaseSavepoint) this.releaseSavepoint = (connection, ...rest) => inner.releaseSavepoint!(this.#unwrap(connection), ...rest);
  }

  savepoint?: Driver["savepoint"];
  rollbackToSavepoint?: Driver["rollbackToSavepoint"];
  releaseSavepoint?: Driver["releaseSavepoint"];

  #unwrap(connection: DatabaseConnection): DatabaseConnection {
    return connection instanceof NulSafeConnection ? connection.inner : connection;
  }

  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    const connection = await this.inner.acquireConnection();
    let wrapped = this.#connections.get(connection);
    if (!wrapped) this.#connections.set(connection, (wrapped = new NulSafeConnection(connection)));
    return wrapped;
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(this.#unwrap(connection), settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(this.#unwrap(connection));
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(this.#unwrap(connection));
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(this.#unwrap(connection));
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** A PostgreSQL dialect whose statements never carry a NUL character. */
export function withoutNulCharacters(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new NulSafeDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
