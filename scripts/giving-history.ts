// A large, realistic giving history for measuring the staff screens: tens of thousands
// of donors giving once, monthly, yearly and at Ramadan over three years, with the
// subscriptions behind the recurring gifts. Written straight through better-sqlite3 in
// one transaction (the triggers keep the running totals as they would in production).
import SQLite from "better-sqlite3";
import { migrateToLatest, openDatabase } from "~/lib/db.server";
import { DONATION_PURPOSES } from "~/giving/donate/rules/gift-options";

export const FIRST_NAMES = [
  "Aisha",
  "Omar",
  "Fatima",
  "Yusuf",
  "Maryam",
  "Ibrahim",
  "Khadija",
  "Bilal",
  "Zainab",
  "Hamza",
  "Hafsa",
  "Idris",
  "Amina",
  "Khalid",
  "Layla",
  "Tariq",
  "Safiya",
  "Imran",
  "Noor",
  "Sulaiman",
  "Ruqayyah",
  "Hassan",
  "Sumayyah",
  "Ali",
  "Asma",
  "Zaid",
  "Huda",
  "Musa",
  "Salma",
  "Anwar",
];
export const LAST_NAMES = [
  "Khan",
  "Ahmed",
  "Hussain",
  "Rahman",
  "Ali",
  "Malik",
  "Siddiqui",
  "Yilmaz",
  "Bello",
  "Adeyemi",
  "Farouk",
  "Haddad",
  "Mansour",
  "Qureshi",
  "Sheikh",
  "Chowdhury",
  "Abdullah",
  "Osman",
  "Karimi",
  "Nasser",
];
export const DOMAINS = ["example.org", "example.com", "mail.example.net", "example.co.uk"];
/** Gifts given in Ramadan also go to the obligations a donor settles then. */
const RAMADAN_PURPOSES = [...DONATION_PURPOSES, "Zakat al-Fitr", "Fidya", "Kaffarah"];

/**
 * A new, throw-away file opened for one large write, with a page cache big enough to hold
 * its tables and search indexes at scale (SQLite's default 2 MiB makes a million gifts crawl).
 */
export function openForFilling(filePath: string): SQLite.Database {
  const db = new SQLite(filePath);
  db.pragma("journal_mode = WAL");
  db.pragma("cache_size = -524288");
  return db;
}

/** A small deterministic generator, so two runs measure the same data. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export interface GivingHistory {
  donations: number;
  subscriptions: number;
}

export async function fillGivingHistory(
  filePath: string,
  size: GivingHistory = { donations: 100_000, subscriptions: 5_000 },
): Promise<void> {
  const kysely = openDatabase(filePath);
  await migrateToLatest(kysely);
  await kysely.destroy();

  const db = openForFilling(filePath);
  const next = random(20_261_123);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const donorCount = Math.round(size.donations * 0.3);
  const donors = Array.from({ length: donorCount }, (_, index) => {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    return { name: `${first} ${last}`, email: `${first}.${last}.${index}@${pick(DOMAINS)}`.toLowerCase() };
  });
  const start = Date.UTC(2023, 10, 1);
  const span = Date.UTC(2026, 10, 1) - start;
  const at = (offset = next()) => new Date(start + offset * span).toISOString();

  const insertSubscription = db.prepare(`
    insert into subscriptions (name, email, amount_cents, purpose, interval, payment_day, payment_month, status,
      next_payment_date, created_at, updated_at, stripe_subscription_id, stripe_customer_id, provider_state_at)
    values (@name, @email, @amount_cents, @purpose, @interval, 1, 1, @status, @next_payment_date, @created_at, @created_at,
      @stripe_subscription_id, @stripe_customer_id, 0)`);
  const insertDonation = db.prepare(`
    insert into donations (name, email, amount_cents, frequency, purpose, donated_at, subscription_id,
      stripe_checkout_session_id, stripe_payment_intent_id, stripe_invoice_id, payment_method)
    values (@name, @email, @amount_cents, @frequency, @purpose, @donated_at, @subscription_id,
      @stripe_checkout_session_id, @stripe_payment_intent_id, @stripe_invoice_id, @payment_method)`);

  db.transaction(() => {
    const recurring: {
      id: number;
      donor: (typeof donors)[number];
      amount: number;
      interval: string;
      purpose: string;
    }[] = [];
    for (let index = 0; index < size.subscriptions; index += 1) {
      const donor = pick(donors);
      const interval = next() < 0.85 ? "month" : "year";
      const amount = pick([1000, 2000, 2500, 5000, 10000, 25000]) * (interval === "year" ? 10 : 1);
      const roll = next();
      const status = roll < 0.7 ? "active" : roll < 0.85 ? "canceled" : roll < 0.95 ? "past_due" : "incomplete";
      const purpose = pick(DONATION_PURPOSES);
      const { lastInsertRowid } = insertSubscription.run({
        ...donor,
        amount_cents: amount,
        purpose,
        interval,
        status,
        next_payment_date: status === "canceled" ? null : "2026-12-01T00:00:00.000Z",
        created_at: at(next() * 0.9),
        stripe_subscription_id: `sub_bench_${index}`,
        stripe_customer_id: `cus_bench_${index}`,
      });
      recurring.push({ id: Number(lastInsertRowid), donor, amount, interval, purpose });
    }
    for (let index = 0; index < size.donations; index += 1) {
      const roll = next();
      const base = {
        donated_at: at(),
        stripe_checkout_session_id: null,
        stripe_payment_intent_id: null,
        stripe_invoice_id: null,
      };
      if (roll < 0.35 && recurring.length) {
        const subscription = pick(recurring);
        insertDonation.run({
          ...base,
          ...subscription.donor,
          amount_cents: subscription.amount,
          frequency: subscription.interval === "year" ? "Annually" : "Monthly",
          purpose: subscription.purpose,
          subscription_id: subscription.id,
          stripe_invoice_id: `in_bench_${index}`,
          payment_method: "card",
        });
      } else if (roll < 0.4) {
        insertDonation.run({
          ...base,
          ...pick(donors),
          amount_cents: Math.round(next() * 50_000) + 500,
          frequency: "Ramadan",
          purpose: pick(RAMADAN_PURPOSES),
          subscription_id: null,
          payment_method: pick(["cash", "cheque", "bank_transfer"]),
        });
      } else {
        insertDonation.run({
          ...base,
          ...pick(donors),
          amount_cents: pick([2500, 5000, 10000, 25000, 50000, 100000, Math.round(next() * 200_000) + 100]),
          frequency: "One-Time",
          purpose: pick(DONATION_PURPOSES),
          subscription_id: null,
          stripe_checkout_session_id: `cs_bench_${index}`,
          stripe_payment_intent_id: `pi_bench_${index}`,
          payment_method: "card",
        });
      }
    }
  })();
  db.pragma("optimize");
  db.close();
}
