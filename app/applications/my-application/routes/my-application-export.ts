import { redirect } from "react-router";
import type { Route } from "./+types/my-application-export";
import { isDataRequest } from "~/lib/data-requests.server";
import { notFound } from "~/lib/upload-files.server";
import { applicantEmailKey } from "../server/applicant-session.server";
import { exportMyData } from "../server/my-application.server";

/**
 * /my-application/export: everything the foundation holds about the signed-in family, as a
 * JSON file to keep. Signed out, it leads to the sign-in form.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (isDataRequest(request)) return notFound();
  const emailKey = await applicantEmailKey(request);
  if (!emailKey) return redirect("/my-application", 303);
  const body = JSON.stringify(await exportMyData(emailKey), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="my-application-data.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
