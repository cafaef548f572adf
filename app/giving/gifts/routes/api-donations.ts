import type { Route } from "./+types/api-donations";
import { apiResource, badQuery, json, listAnswer, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { donationsForExport, listDonations, readDonationFilter, recordOfflineGift } from "../server/donations.server";

/**
 * GET /api/donations/ (admin): every gift, newest first, streamed whole unless paged;
 * `search`, `frequency`, `fund` (a fund's id) and `appeal` (an appeal's id) filter like the admin screen.
 * POST /api/donations/ (admin): records an offline gift (cash, cheque, Ramadan collection),
 * optionally for an appeal, anonymous, or in someone's name, as the admin form does.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ request }) => {
    const url = new URL(request.url);
    const { filter, problem } = await readDonationFilter(url.searchParams);
    if (problem) return badQuery(problem);
    return listAnswer(url, { whole: () => donationsForExport(filter), page: (page) => listDonations(filter, page) });
  }),
  POST: staffOnly(async ({ request }, admin) =>
    json(await recordOfflineGift(await readJsonBody(request), admin.username), 201),
  ),
});
export const loader = resource;
export const action = resource;
