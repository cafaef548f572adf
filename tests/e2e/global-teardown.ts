import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The run's own database and uploads folder go when the run ends (playwright.config.ts made them). */
export default function removeRunData(): void {
  const folder = process.env.E2E_DATA;
  if (folder && path.dirname(folder) === tmpdir() && path.basename(folder).startsWith("charity-e2e-")) {
    rmSync(folder, { recursive: true, force: true });
  }
}
