// The database a release left, frozen as SQL: the fixture tests/integration/migrations.test.ts
// upgrades from. At a new release, add its own (and point PREVIOUS_RELEASE there):
//
//   npx tsx scripts/release-schema.ts <commit> > tests/fixtures/schema-<commit>.sql
//
// The release's files are read from git (`git archive`, which changes nothing here) into
// a temporary folder outside the repository, so its migrations run as they shipped, with
// whatever they imported then. They run on an empty SQLite file, and sqlite_master is
// written out: tables, indexes, views and triggers, each kind by name, then the rows the
// migrations themselves wrote (the migrator's own, with the commit's time; the running
// totals). Full-text shadow tables are left to the CREATE VIRTUAL TABLE that makes them.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from "kysely";

const commit = process.argv[2];
if (!commit || !/^[0-9a-f]{7,40}$/.test(commit)) {
  console.error("Usage: npx tsx scripts/release-schema.ts <commit> > tests/fixtures/schema-<commit>.sql");
  process.exit(2);
}

const folder = mkdtempSync(path.join(tmpdir(), `release-${commit}-`));
try {
  execFileSync("tar", ["-x", "-C", folder], {
    input: execFileSync("git", ["archive", commit], { maxBuffer: 1 << 30 }),
  });
  symlinkSync(path.resolve("node_modules"), path.join(folder, "node_modules"), "dir");
  const { migrationProvider } = (await import(pathToFileURL(path.join(folder, "db/migrations/index.ts")).href)) as {
    migrationProvider: MigrationProvider;
  };

  const sqlite = new SQLite(path.join(folder, "release.sqlite"));
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  if (error)
    throw new Error(`Migration ${results?.find((result) => result.status === "Error")?.migrationName} failed`, {
      cause: error,
    });
  const ran = (results ?? []).map((result) => result.migrationName);

  // The migrator's clock, fixed to the release's: the same commit always gives the same file.
  const released = new Date(
    execFileSync("git", ["show", "-s", "--format=%cI", commit], { encoding: "utf8" }).trim(),
  ).toISOString();
  sqlite.prepare("update kysely_migration set timestamp = ?").run(released);
  process.stdout.write(
    dump(sqlite, [
      `-- The database release ${commit} left: its migrations ${ran[0]} .. ${ran.at(-1)} run on an empty SQLite file.`,
      `-- Made by \`npx tsx scripts/release-schema.ts ${commit} > tests/fixtures/schema-${commit}.sql\`; never edited by hand.`,
    ]),
  );
  await db.destroy();
} finally {
  rmSync(folder, { recursive: true, force: true });
}

interface SchemaObject {
  type: string;
  name: string;
  sql: string;
}

function dump(sqlite: SQLite.Database, header: string[]): string {
  const objects = sqlite
    .prepare<[], SchemaObject>(
      `select type, name, sql from sqlite_master as object
       where sql is not null and name not like 'sqlite\\_%' escape '\\'
         and not exists (
           select 1 from sqlite_master as fts
           where fts.type = 'table' and fts.sql like 'create virtual table%'
             and object.name in (fts.name || '_data', fts.name || '_idx', fts.name || '_content', fts.name || '_docsize', fts.name || '_config')
         )
       order by case type when 'table' then 0 when 'index' then 1 when 'view' then 2 else 3 end, name`,
    )
    .all();
  const lines = [...header, ""];
  for (const object of objects) lines.push(`${object.sql};`);
  lines.push("");
  for (const table of objects.filter(
    (object) => object.type === "table" && !/^create virtual table/i.test(object.sql),
  )) {
    const columns = sqlite
      .prepare<[], { name: string }>(`select name from pragma_table_info('${table.name}')`)
      .all()
      .map((column) => column.name);
    const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
    const rows = sqlite
      .prepare<[], { row: string }>(
        `select ${columns.map((column) => `quote(${quoted(column)})`).join(" || ', ' || ")} as row
         from ${quoted(table.name)} order by ${columns.map(quoted).join(", ")}`,
      )
      .all();
    for (const { row } of rows)
      lines.push(`INSERT INTO ${quoted(table.name)} (${columns.map(quoted).join(", ")}) VALUES (${row});`);
  }
  return `${lines.join("\n")}\n`;
}
