import type { Route } from "./+types/api-application-action";
import { apiResource, json, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { runCaseAction } from "../server/case-actions.server";
import { caseJsonByRef } from "../server/cases.server";

/**
 * POST /api/applications/{ref}/{action} (caseworker, finance): `assign` `{caseworker}`,
 * `request-documents` `{documents: [{what, why}], due?}`, `assess` `{category, reason,
 * recommended: {plan, amount, months?}}`, `approve`, `decline` `{reason}`, `pay` `{amount,
 * fund, method, paid_on}`, `close`. 404 for an unknown action or case, 422 with field errors,
 * 409 `{detail}` for an action the case's state does not allow, 403 where the person may not.
 * The answer is the case as it now is.
 */
const resource = apiResource<Route.ActionArgs>({
  POST: staffOnly(async ({ request, params }, admin) => {
    const body = await readJsonBody(request);
    const ref = params.ref ?? "";
    await runCaseAction(ref, params.action ?? "", body, admin);
    // The answer is the case as it now is (its figures and state; the family's fields are read with GET).
    return json(await caseJsonByRef(ref));
  }),
});
export const loader = resource;
export const action = resource;
