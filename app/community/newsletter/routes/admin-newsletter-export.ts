import type { Route } from "./+types/admin-newsletter-export";
import { requireRecentPassword } from "~/staff/two-factor/index.server";
import { csvResponse } from "~/lib/csv.server";
import { exportSummary, recordAudit } from "~/staff/audit/index.server";
import { readSubscriberFilter, subscribersInBatches, type NewsletterSubscriber } from "../server/newsletter.server";

/** newsletter-subscribers.csv: every address the Newsletter screen's search and status match, streamed. */
export async function loader({ request, url }: Route.LoaderArgs) {
  // Donor data leaves the site: the password must have been given in the last 10 minutes. Once it is
  // confirmed the person is brought back to the list they were exporting, where Export CSV now downloads.
  await requireRecentPassword(request, url, `/admin/newsletter${url.search}`);
  await recordAudit({
    action: "export",
    entity: "newsletter-subscriber",
    summary: exportSummary("newsletter-subscribers.csv", url),
  });
  return csvResponse<NewsletterSubscriber>(
    "newsletter-subscribers.csv",
    [
      { header: "ID", value: (subscriber) => subscriber.id },
      { header: "Email", value: (subscriber) => subscriber.email },
      { header: "Subscribed", value: (subscriber) => subscriber.subscribed_at },
      { header: "Status", value: (subscriber) => subscriber.status },
    ],
    subscribersInBatches(readSubscriberFilter(url.searchParams)),
  );
}
