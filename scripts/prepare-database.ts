// `npm run dev` runs this first: the same start-up the production server does
// (validated configuration, migrations, settings, demo content, first admin).
import { closeDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { bootstrap, describeStartup } from "~/staff/startup/server/startup.server";

try {
  const report = await bootstrap();
  for (const line of describeStartup(report, getEnv().PUBLIC_URL ?? "http://localhost:5173")) console.log(line);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
