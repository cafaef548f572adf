import { execFileSync } from "node:child_process";

/**
 * A new, empty PostgreSQL database in the test cluster (TEST_POSTGRES_URL) for a spec that
 * starts a server of its own on the PostgreSQL pass, as it takes a new SQLite file on the
 * other; `drop` removes it, with any connection left.
 */
export function newPostgresDatabase(label: string): { url: string; drop: () => void } {
  const admin = process.env.TEST_POSTGRES_URL;
  if (!admin) throw new Error("The PostgreSQL pass needs TEST_POSTGRES_URL, an admin URL of the cluster to test on");
  const name = `e2e_${label}_${process.pid}_${Date.now().toString(36)}`;
  const run = (action: "create" | "drop") =>
    execFileSync(process.execPath, ["tests/e2e/run-database.mjs", action, admin, name], {
      stdio: ["ignore", "inherit", "inherit"],
    });
  run("create");
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run("drop") };
}
