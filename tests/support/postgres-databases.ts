import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Throw-away PostgreSQL databases for the tests, in the cluster TEST_POSTGRES_URL names
 * (an admin URL: it may create and drop databases). Each test file gets its own database,
 * copied from a template migrated once per run, as each gets its own SQLite file.
 */
export const TEMPLATE_KEY = "postgresTemplate";

export function testPostgresUrl(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url)
    throw new Error(
      "TEST_POSTGRES_URL is not set: run the PostgreSQL pass through scripts/with-throwaway-postgres.mjs",
    );
  return url;
}

/** The admin URL with another database named in it. */
export function urlOfDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function newDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates an empty database (or a copy of `template`) and returns its URL. */
export async function createDatabase(name: string, template?: string): Promise<string> {
  await asAdmin((client) =>
    client.query(`create database ${quoted(name)}${template ? ` template ${quoted(template)}` : ""}`),
  );
  return urlOfDatabase(testPostgresUrl(), name);
}

export async function dropDatabase(name: string): Promise<void> {
  await asAdmin((client) => client.query(`drop database if exists ${quoted(name)} with (force)`));
}
