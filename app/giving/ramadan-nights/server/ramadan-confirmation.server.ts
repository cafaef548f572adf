import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import { limitGiftConfirmations } from "~/lib/public-form-limits.server";
import { activateRamadanSchedule } from "./ramadan-activation.server";
import { findRamadanSchedule, type RamadanSchedule } from "./ramadan-schedules.server";
import { ramadanChargeHour } from "./ramadan-settings.server";

const SESSION_ID = /^cs_[A-Za-z0-9_]{8,255}$/;

/**
 * What the donor reads on coming back from saving a card for Ramadan's nights: their
 * schedule (only the one this checkout was started for: the checkout's id is the key, never
 * the schedule's number alone), "waiting" while the provider has not yet confirmed the card,
 * or "unknown".
 */
export type RamadanConfirmation =
  | { status: "saved"; schedule: RamadanSchedule; chargeHour: number; timeZone: string }
  | { status: "waiting" | "unknown" };

/**
 * Confirms a setup checkout with the provider if its report has not arrived yet (the same
 * once-only activation as the provider's event, so the event that follows changes nothing).
 */
export async function confirmRamadanCheckout(sessionId: string, clientAddress: string): Promise<RamadanConfirmation> {
  if (!SESSION_ID.test(sessionId)) return { status: "unknown" };
  const row = await getDb()
    .selectFrom("ramadan_schedules")
    .select(["id", "status"])
    .where("setup_session_id", "=", sessionId)
    .executeTakeFirst();
  if (!row) return { status: "unknown" };
  if (row.status === "awaiting_card") {
    await limitGiftConfirmations(clientAddress);
    const gateway = getPaymentGateway();
    const session = await gateway.retrieveCheckoutSession(sessionId);
    if (!session || session.mode !== "setup" || session.status !== "complete") return { status: "waiting" };
    const card = await gateway.retrieveSavedCard(session);
    await getDb()
      .transaction()
      .execute((db) => activateRamadanSchedule(db, session, card));
  }
  const schedule = await findRamadanSchedule(row.id);
  if (schedule.status === "awaiting_card") return { status: "waiting" };
  return { status: "saved", schedule, chargeHour: await ramadanChargeHour(), timeZone: getEnv().SITE_TIMEZONE };
}
