import type { Route } from "./+types/admin-newsletter-export";
import { csvResponse } from "~/lib/csv.server";
import { exportSummary, recordAudit } from "~/staff/audit/index.server";
import { readSubscriberFilter, subscribersInBatches, type NewsletterSubscriber } from "../server/newsletter.server";

/** newsletter-subscribers.csv: every address the Newsletter screen's search and status match, streamed. */
export async function loader({ url }: Route.LoaderArgs) {
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
