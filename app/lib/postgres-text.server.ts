import type { CompiledQuery, DatabaseConnection, Dialect, QueryResult } from "kysely";
import { PassThroughDriver, withDriver } from "./driver-wrappers.server";

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

class NulSafeDriver extends PassThroughDriver {
  readonly #connections = new WeakMap<DatabaseConnection, NulSafeConnection>();

  protected override innerConnection(connection: DatabaseConnection): DatabaseConnection {
    return connection instanceof NulSafeConnection ? connection.inner : connection;
  }

  override async acquireConnection() {
    const connection = await this.inner.acquireConnection();
    let wrapped = this.#connections.get(connection);
    if (!wrapped) this.#connections.set(connection, (wrapped = new NulSafeConnection(connection)));
    return wrapped;
  }
}

/** A PostgreSQL dialect whose statements never carry a NUL character. */
export function withoutNulCharacters(dialect: Dialect): Dialect {
  return withDriver(dialect, (driver) => new NulSafeDriver(driver));
}
