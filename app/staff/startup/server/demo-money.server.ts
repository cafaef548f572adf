import path from "node:path";
import { sql } from "kysely";
import { DEMO_RECORDED_BY } from "../../../../db/seed-funds";
import { getDb } from "~/lib/db.server";
import { databaseEngine, databaseLabel, getEnv, paymentMode } from "~/lib/env.server";

/**
 * A start the site refuses for a reason the operator must act on, with a message that says
 * what to do: the server prints the message alone and stops.
 */
export class StartRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartRefusedError";
  }
}

export interface DemoMoney {
  gifts: number;
  entries: number;
}

/** The demo's made-up money in this database: the gifts and ledger entries the demo recorded. */
export async function demoMoneyHeld(): Promise<DemoMoney> {
  const { rows } = await sql<DemoMoney>`
    select (select count(*) from donations where recorded_by = ${DEMO_RECORDED_BY}) as gifts,
           (select count(*) from disbursements where recorded_by = ${DEMO_RECORDED_BY}) as entries
  `.execute(getDb());
  return rows[0] ?? { gifts: 0, entries: 0 };
}

/**
 * A foundation that tried the site on the demo and then set its live Stripe keys would
 * show the demo's made-up gifts in every fund, on /transparency and on the dashboard, for
 * good: the ledger can never drop an entry. So live payments never start on a database
 * that holds any; sandbox and test keys start as before.
 */
export async function refuseDemoMoneyWithLivePayments(): Promise<void> {
  const env = getEnv();
  if (paymentMode(env) !== "live") return;
  const held = await demoMoneyHeld();
  if (held.gifts === 0 && held.entries === 0) return;
  throw new StartRefusedError(demoMoneyMessage(held, databaseLabel(env), databaseEngine(env) === "postgres"));
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function demoMoneyMessage(held: DemoMoney, file: string, onPostgres = false): string {
  const moveAside = onPostgres
    ? `A live site starts on an empty database: stop, and start again on a new, empty PostgreSQL database (DATABASE_URL) with SEED_DEMO=0 and the live keys.`
    : `A live site starts on an empty database: stop, move ${file} aside (with ${path.basename(file)}-wal and ${path.basename(file)}-shm beside it, if they are there), ` +
      "and start again with SEED_DEMO=0 and the live keys.";
  return [
    `Payments are live (a live Stripe key), but the database ${file} holds the demo's made-up money: ` +
      `${count(held.gifts, "gift", "gifts")} and ${count(held.entries, "ledger entry", "ledger entries")} recorded by "${DEMO_RECORDED_BY}".`,
    "On a live site they would count in every fund, on /transparency and on the dashboard, and a ledger entry can never be deleted.",
    moveAside,
    "To go on trying the site with the demo, start it with test keys (sk_test_...) or none.",
  ].join("\n");
}
