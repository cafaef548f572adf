import { sql } from "kysely";
import { getDb } from "~/lib/db.server";

/** For container health checks and uptime monitors: whether the database answers. */
export async function databaseAnswers(): Promise<boolean> {
  try {
    await sql`select 1`.execute(getDb());
    return true;
  } catch (error) {
    console.error("Health check failed:", error);
    return false;
  }
}
