import { CARD_LINK_DAYS, troubleOutcome, type TroubleOutcome } from "../rules/payment-troubles";
import { getDb } from "~/lib/db.server";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import { ConflictError, NotFoundError } from "~/lib/service-errors";
import { tokenHash } from "~/lib/token-hash.server";

/**
 * The link in a failed charge's mail, /update-card/{token}: it opens the card provider's
 * billing page for that donor's card and nothing else, for CARD_LINK_DAYS days. The token is
 * random and kept only as a hash; the page names the gift, never the donor or their address.
 * A fresh billing session is made on each press, since the provider's sessions soon expire.
 */
export interface CardLinkPage {
  /** failed: the card still needs putting right; recovered or lost: nothing left to do here. */
  outcome: TroubleOutcome;
  amount_cents: number;
  interval: "month" | "year";
  purpose: string;
  next_retry_at: string | null;
  is_test: boolean;
}

const MAX_TOKEN_LENGTH = 100;

async function troubleByToken(token: string) {
  if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
  const row = await getDb()
    .selectFrom("recurring_payment_troubles as trouble")
    .innerJoin("subscriptions as gift", "gift.id", "trouble.subscription_id")
    .select([
      "trouble.failed_at",
      "trouble.recovered_at",
      "trouble.lost_at",
      "gift.amount_cents",
      "gift.interval",
      "gift.purpose",
      "gift.next_retry_at",
      "gift.is_test",
      "gift.stripe_customer_id",
    ])
    .where("trouble.card_link_hash", "=", tokenHash(token))
    .executeTakeFirst();
  // Past its days the link opens nothing, as if it never existed.
  if (!row || Date.parse(row.failed_at) + CARD_LINK_DAYS * 86_400_000 < Date.now()) return undefined;
  return row;
}

/** What the link's page shows, or a NotFoundError for an unknown or outdated link. */
export async function cardLinkPage(token: string): Promise<CardLinkPage> {
  const row = await troubleByToken(token);
  if (!row) throw new NotFoundError("This link has expired or is not known");
  return {
    outcome: troubleOutcome(row),
    amount_cents: row.amount_cents,
    interval: row.interval,
    purpose: row.purpose,
    next_retry_at: row.next_retry_at,
    is_test: row.is_test === 1,
  };
}

/** "Update my card": a fresh billing session at the provider (the sandbox's simulated page), returning here. */
export async function openCardUpdate(token: string, siteUrl: string): Promise<string> {
  const row = await troubleByToken(token);
  if (!row) throw new NotFoundError("This link has expired or is not known");
  if (troubleOutcome(row) !== "failed") throw new ConflictError("This charge needs nothing more from you");
  if (!row.stripe_customer_id) throw new ConflictError("There is no card on file to update for this gift");
  const portal = await getPaymentGateway().createBillingPortalSession(
    row.stripe_customer_id,
    `${siteUrl}/update-card/${token}`,
  );
  if (!portal) throw new ConflictError("There is no card on file to update for this gift");
  return portal.url;
}
