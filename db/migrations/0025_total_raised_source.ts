import type { Kysely } from "kysely";

/**
 * Where Total Raised comes from (decision 136), recorded once for a site upgrading: a
 * figure above 0 in total_raised was typed by its staff, who keep it; a 0 was never typed,
 * and the books take over. Guessed here, once, and never at start-up: there a missing
 * total_raised_source (an API client deleted it) is simply the default, the books. A new
 * database has no settings yet, and start-up creates the row as the books.
 */
const DESCRIPTION =
  "Where Total Raised comes from: books (the transparency report's received, kept up to date with every gift) or typed (the figure in total_raised)";

export async function up(db: Kysely<any>): Promise<void> {
  const settings = await db
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "in", ["total_raised", "total_raised_source"])
    .execute();
  const raised = settings.find((setting) => setting.key === "total_raised");
  if (!raised || settings.some((setting) => setting.key === "total_raised_source")) return;
  await db
    .insertInto("settings")
    .values({
      key: "total_raised_source",
      value: Number(raised.value) > 0 ? "typed" : "books",
      description: DESCRIPTION,
      updated_at: new Date().toISOString(),
    })
    .execute();
}
