import type { Route } from "./+types/admin-newsletter-export";
import { csvResponse } from "~/lib/csv.server";
import { readSubscriberFilter, subscribersInBatches, type NewsletterSubscriber } from "../server/newsletter.server";

/** newsletter-subscribers.csv: every address the Newsletter screen's search and status match, streamed. */
export function loader({ url }: Route.LoaderArgs) {
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
