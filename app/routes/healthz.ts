import { sql } from "kysely";
import { getDb } from "~/lib/db.server";

/** For container health checks and uptime monitors: 200 when the database answers. */
export async function loader() {
  try {
    await sql`select 1`.execute(getDb());
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("Health check failed:", error);
    return Response.json({ status: "error", detail: "Database unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
