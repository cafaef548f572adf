import { isSandboxMode } from "~/lib/env.server";
import { getDb } from "~/lib/db.server";
import type { SignedEvent } from "~/lib/payments/gateway";
import {
  failSandboxCharge,
  findSandboxBillingPage,
  fixSandboxCard,
  giveUpSandboxCharge,
  retrySandboxCharge,
} from "~/lib/payments/sandbox-billing.server";
import { ConflictError, NotFoundError } from "~/lib/service-errors";
import { receiveProviderWebhook } from "~/giving/provider/index.server";

/**
 * Staff's way to see a failed charge through in the sandbox: a charge declined, tried again,
 * or given up on; and the donor's simulated billing page that puts the card right. Each step
 * delivers the sandbox's signed events to the webhook handler, exactly as Stripe's arrive.
 * None of it exists with Stripe keys: real charges fail only at the provider.
 */
export type TroubleSimulation = "simulate-failed-charge" | "retry-charge" | "simulate-giving-up";

export const TROUBLE_SIMULATIONS: readonly TroubleSimulation[] = [
  "simulate-failed-charge",
  "retry-charge",
  "simulate-giving-up",
];

export function isTroubleSimulation(intent: unknown): intent is TroubleSimulation {
  return (TROUBLE_SIMULATIONS as readonly unknown[]).includes(intent);
}

const STEPS: Record<TroubleSimulation, { run: (providerId: string) => Promise<SignedEvent[]>; done: string }> = {
  "simulate-failed-charge": {
    run: failSandboxCharge,
    done: "Charge declined. The donor's mail is in the Outbox; the next try is in 3 days.",
  },
  "retry-charge": { run: retrySandboxCharge, done: "Charge tried again." },
  "simulate-giving-up": {
    run: giveUpSandboxCharge,
    done: "The provider gave up: the gift has ended, and the donor is told how to start again.",
  },
};

async function deliver(events: SignedEvent[]): Promise<void> {
  for (const event of events) await receiveProviderWebhook(Buffer.from(event.payload), event.signature);
}

/** One staff simulation on a recurring gift, by this site's id; answers what happened, in staff's words. */
export async function simulatePaymentTrouble(step: TroubleSimulation, subscriptionId: unknown): Promise<string> {
  if (!isSandboxMode()) throw new ConflictError("Failed charges can only be simulated in sandbox mode");
  const id = Number(subscriptionId);
  const gift = Number.isSafeInteger(id)
    ? await getDb()
        .selectFrom("subscriptions")
        .select(["stripe_subscription_id", "status"])
        .where("id", "=", id)
        .executeTakeFirst()
    : undefined;
  if (!gift?.stripe_subscription_id) throw new NotFoundError("Recurring gift not found");
  await deliver(await STEPS[step].run(gift.stripe_subscription_id));
  if (step !== "retry-charge") return STEPS[step].done;
  const after = await getDb()
    .selectFrom("subscriptions")
    .select("status")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return after.status === "active"
    ? "Charge tried again: paid. The gift is active again."
    : "Charge tried again: the card was declined again.";
}

/** The simulated billing page, in sandbox mode only. */
export async function getSandboxBillingPage(id: string) {
  const page = isSandboxMode() ? await findSandboxBillingPage(id) : null;
  if (!page) throw new NotFoundError("No such sandbox billing page");
  return page;
}

/**
 * "Update your card": the test card is good again and what is owed is tried at once. Returns where the donor goes next.
 */
export async function fixSandboxCardAndRetry(id: string): Promise<string> {
  await getSandboxBillingPage(id);
  const { session, events } = await fixSandboxCard(id);
  await deliver(events);
  return session.return_url;
}
