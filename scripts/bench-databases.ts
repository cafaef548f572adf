// Where `npm run bench` keeps each phase's throw-away database: a SQLite file in the bench's
// temporary folder (the default), or, with BENCH_DATABASE=postgres, a database of its own in
// the cluster BENCH_POSTGRES_URL (or TEST_POSTGRES_URL) names, created for the phase and
// dropped after it. That URL is an administrator's: it must be allowed to create databases.
import path from "node:path";
import pg from "pg";

export type BenchEngine = "sqlite" | "postgres";

export interface BenchDatabases {
  engine: BenchEngine;
  /** "SQLite" or "PostgreSQL 15.8", for the reports. */
  label: string;
  /** A new, empty database for one phase: its DATABASE_URL. */
  create(phase: string): Promise<string>;
  /** Drops the phase's database (PostgreSQL; a SQLite file goes with the temporary folder). */
  drop(databaseUrl: string): Promise<void>;
  /** Drops every database still left; safe to call twice. */
  dropAll(): Promise<void>;
}

export function benchEngine(): BenchEngine {
  const engine = (process.env.BENCH_DATABASE ?? "sqlite").toLowerCase();
  if (engine !== "sqlite" && engine !== "postgres")
    throw new Error("BENCH_DATABASE must be sqlite (the default) or postgres");
  return engine;
}

export async function benchDatabases(tmpDir: string): Promise<BenchDatabases> {
  if (benchEngine() === "sqlite") {
    return {
      engine: "sqlite",
      label: "SQLite",
      create: async (phase) => `file:${path.join(tmpDir, `${phase}.sqlite`)}`,
      drop: async () => {},
      dropAll: async () => {},
    };
  }
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
  if (!adminUrl)
    throw new Error(
      "BENCH_DATABASE=postgres needs BENCH_POSTGRES_URL (or TEST_POSTGRES_URL): a postgres:// URL of a cluster where it may create databases",
    );
  const version = await asAdmin(
    adminUrl,
    async (client) => (await client.query<{ server_version: string }>("show server_version")).rows[0]!.server_version,
  );
  const made = new Set<string>();
  const nameOf = (databaseUrl: string) => decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const drop = async (databaseUrl: string) => {
    const name = nameOf(databaseUrl);
    if (!made.delete(name)) return;
    await asAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
  };
  return {
    engine: "postgres",
    label: `PostgreSQL ${version.split(" ")[0]}`,
    async create(phase) {
      // Only names the bench made itself are ever dropped.
      const name = `bench_${process.pid}_${Date.now().toString(36)}_${phase.replace(/[^a-z0-9]/gi, "").toLowerCase()}`;
      await asAdmin(adminUrl, (client) => client.query(`create database "${name}"`));
      made.add(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    drop,
    async dropAll() {
      for (const name of [...made]) {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        await drop(url.toString()).catch((error: unknown) =>
          console.error(`Could not drop ${name}: ${error instanceof Error ? error.message : error}`),
        );
      }
    },
  };
}

async function asAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
