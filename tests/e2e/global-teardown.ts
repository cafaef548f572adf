import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The run's own database and uploads folder go when the run ends (playwright.config.ts made
 * them). On the PostgreSQL pass its database goes as the runner exits: Playwright stops the
 * server after this teardown, and a server whose database vanished under it would only say
 * so. Any connection still open then is ended with it.
 */
export default function removeRunData(): void {
  const folder = process.env.E2E_DATA;
  if (folder && path.dirname(folder) === tmpdir() && path.basename(folder).startsWith("charity-e2e-")) {
    rmSync(folder, { recursive: true, force: true });
  }
  const database = process.env.E2E_DATABASE_URL ?? "";
  if (/^postgres(ql)?:/i.test(database) && process.env.TEST_POSTGRES_URL) {
    const name = decodeURIComponent(new URL(database).pathname.slice(1));
    const admin = process.env.TEST_POSTGRES_URL;
    process.once("exit", () => {
      execFileSync(process.execPath, ["tests/e2e/run-database.mjs", "drop", admin, name], {
        stdio: ["ignore", "inherit", "inherit"],
      });
    });
  }
}
