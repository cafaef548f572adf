import { databaseAnswers } from "../server/health.server";

/** For container health checks and uptime monitors: 200 when the database answers. */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  if (await databaseAnswers()) return Response.json({ status: "ok" }, { headers });
  return Response.json({ status: "error", detail: "Database unavailable" }, { status: 503, headers });
}
