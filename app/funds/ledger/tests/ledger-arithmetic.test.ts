import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, nowIso } from "~/lib/db.server";
import { ConflictError, ValidationError } from "~/lib/service-errors";
import { addFund, fundBySlug, getFund } from "~/funds/funds/server/funds.server";
import { getTransparencyReport } from "~/funds/transparency/server/transparency.server";
import { recordDisbursement, recordReversal } from "~/funds/ledger/server/ledger.server";
import {
  byEngine,
  checkViolationPattern,
  openOtherConnection,
  overwriting,
  type OtherConnection,
} from "../../../../tests/support/database-engine";
import { newGift } from "../../../../tests/support/builders";

/**
 * The ledger's arithmetic against the real database, through the services: what each
 * fund received, disbursed and holds after gifts, disbursements and reversals; what is
 * refused (an overdraft, a second reversal, a reversal of a reversal, any change or
 * deletion) and that nothing is stored then; two staff recording at once; and Zakat
 * matched oldest first, with the share distributed within a lunar year, across a Hijri
 * year's end.
 */

const STAFF = "ledger-tester";
let funds = 0;

async function freshFund(): Promise<{ id: number; name: string }> {
  funds += 1;
  return addFund({ name: `Ledger Case ${funds}` });
}

async function gift(purpose: string, cents: number, donatedAt: string, isTest: 0 | 1 = 0): Promise<void> {
  await newGift({
    name: "A donor",
    email: "",
    amount_cents: cents,
    frequency: "One-Time",
    purpose,
    donated_at: donatedAt,
    is_test: isTest,
  });
}

const entriesOf = async (fundId: number) =>
  getDb().selectFrom("disbursements").selectAll().where("fund_id", "=", fundId).orderBy("id").execute();

// ---------------------------------------------------------------------------------------
// The table. Amounts are dollars; an entry can be named (`as`) for a later reversal. Gifts
// are dated 1 February 2026, disbursements the 10th and reversals the 12th, unless a step
// says its day (`on`). A refusal is a 409 unless it says otherwise.

type Step =
  | { gift: number; test?: true; on?: string }
  | { disburse: number; on?: string; as?: string; refused?: RegExp; status?: 422 }
  | { reverse: string; on?: string; as?: string; refused?: RegExp; status?: 422 };

interface Case {
  steps: Step[];
  received: number;
  disbursed: number;
  balance: number;
  /** Rows of the ledger for this fund at the end (every disbursement and reversal that was stored). */
  entries: number;
}

const OVERDRAFT = /balance is not enough/;
const REVERSED_ALREADY = /already reversed by entry/;
const REVERSAL_OF_REVERSAL = /is itself a reversal and cannot be reversed/;
const SHORT_ON_THE_DAY = /balance is not enough on \d{4}-\d{2}-\d{2}/;
const BEFORE_ITS_ENTRY = /cannot be dated before the entry it reverses/;

const CASES: Record<string, Case> = {
  "gifts alone": {
    steps: [{ gift: 100 }, { gift: 50.25 }],
    received: 150.25,
    disbursed: 0,
    balance: 150.25,
    entries: 0,
  },
  "a disbursement within the balance": {
    steps: [{ gift: 100 }, { disburse: 40 }],
    received: 100,
    disbursed: 40,
    balance: 60,
    entries: 1,
  },
  "a disbursement of exactly the balance": {
    steps: [{ gift: 100 }, { disburse: 100 }],
    received: 100,
    disbursed: 100,
    balance: 0,
    entries: 1,
  },
  "one cent more than the balance is refused, nothing stored": {
    steps: [{ gift: 100 }, { disburse: 100.01, refused: OVERDRAFT }],
    received: 100,
    disbursed: 0,
    balance: 100,
    entries: 0,
  },
  "nothing to give from an empty fund": {
    steps: [{ disburse: 0.01, refused: OVERDRAFT }],
    received: 0,
    disbursed: 0,
    balance: 0,
    entries: 0,
  },
  "a second disbursement only up to what is left": {
    steps: [{ gift: 100 }, { disburse: 60 }, { disburse: 40.01, refused: OVERDRAFT }, { disburse: 40 }],
    received: 100,
    disbursed: 100,
    balance: 0,
    entries: 2,
  },
  "cents add up exactly": {
    steps: [{ gift: 0.1 }, { gift: 0.2 }, { disburse: 0.3 }],
    received: 0.3,
    disbursed: 0.3,
    balance: 0,
    entries: 1,
  },
  "a gift after a refusal lets the disbursement through": {
    steps: [{ gift: 50 }, { disburse: 80, refused: OVERDRAFT }, { gift: 30 }, { disburse: 80 }],
    received: 80,
    disbursed: 80,
    balance: 0,
    entries: 1,
  },
  "a reversal puts the money back": {
    steps: [{ gift: 100 }, { disburse: 60, as: "mistake" }, { reverse: "mistake" }],
    received: 100,
    disbursed: 0,
    balance: 100,
    entries: 2,
  },
  "a reversal makes room for what was refused": {
    steps: [
      { gift: 100 },
      { disburse: 80, as: "wrong" },
      { disburse: 50, refused: OVERDRAFT },
      { reverse: "wrong" },
      { disburse: 50 },
    ],
    received: 100,
    disbursed: 50,
    balance: 50,
    entries: 3,
  },
  "only the reversed entry comes back": {
    steps: [{ gift: 100 }, { disburse: 10, as: "a" }, { disburse: 20, as: "b" }, { disburse: 30 }, { reverse: "b" }],
    received: 100,
    disbursed: 40,
    balance: 60,
    entries: 4,
  },
  "a second reversal of one entry is refused": {
    steps: [{ gift: 100 }, { disburse: 30, as: "a" }, { reverse: "a" }, { reverse: "a", refused: REVERSED_ALREADY }],
    received: 100,
    disbursed: 0,
    balance: 100,
    entries: 2,
  },
  "a reversal of a reversal is refused": {
    steps: [
      { gift: 100 },
      { disburse: 30, as: "a" },
      { reverse: "a", as: "undo" },
      { reverse: "undo", refused: REVERSAL_OF_REVERSAL },
    ],
    received: 100,
    disbursed: 0,
    balance: 100,
    entries: 2,
  },
  "test payments never count": {
    steps: [{ gift: 100 }, { gift: 5_000, test: true }, { disburse: 100.01, refused: OVERDRAFT }, { disburse: 100 }],
    received: 100,
    disbursed: 100,
    balance: 0,
    entries: 1,
  },
  "a fund of test payments alone holds nothing": {
    steps: [
      { gift: 250, test: true },
      { disburse: 1, refused: OVERDRAFT },
    ],
    received: 0,
    disbursed: 0,
    balance: 0,
    entries: 0,
  },
  "a disbursement dated before the money came in is refused": {
    steps: [
      { gift: 100, on: "2026-03-01" },
      { disburse: 50, on: "2026-02-10", refused: SHORT_ON_THE_DAY },
    ],
    received: 100,
    disbursed: 0,
    balance: 100,
    entries: 0,
  },
  "a gift of the disbursement's own day counts": {
    steps: [
      { gift: 100, on: "2026-02-10" },
      { disburse: 100, on: "2026-02-10" },
    ],
    received: 100,
    disbursed: 100,
    balance: 0,
    entries: 1,
  },
  "dated before a later gift: only what had come in by then": {
    steps: [
      { gift: 30, on: "2026-01-15" },
      { gift: 70, on: "2026-03-01" },
      { disburse: 50, on: "2026-02-10", refused: SHORT_ON_THE_DAY },
      { disburse: 30, on: "2026-02-10" },
    ],
    received: 100,
    disbursed: 30,
    balance: 70,
    entries: 1,
  },
  "dated before a later disbursement that already gave the money (a gift after both is no help)": {
    steps: [
      { gift: 100, on: "2026-01-01" },
      { disburse: 80, on: "2026-03-01" },
      { gift: 100, on: "2026-04-01" },
      { disburse: 50, on: "2026-02-01", refused: SHORT_ON_THE_DAY },
      { disburse: 20, on: "2026-02-01" },
    ],
    received: 200,
    disbursed: 100,
    balance: 100,
    entries: 2,
  },
  "a reversal gives the earlier days their room back": {
    steps: [
      { gift: 100, on: "2026-01-01" },
      { disburse: 80, on: "2026-03-01", as: "wrong" },
      { gift: 100, on: "2026-04-01" },
      { disburse: 50, on: "2026-02-01", refused: SHORT_ON_THE_DAY },
      { reverse: "wrong", on: "2026-03-05" },
      { disburse: 50, on: "2026-02-01" },
    ],
    received: 200,
    disbursed: 50,
    balance: 150,
    entries: 3,
  },
  "a reversal dated before its entry is refused; on the entry's own day it stands": {
    steps: [
      { gift: 100 },
      { disburse: 30, as: "a" },
      { reverse: "a", on: "2026-02-09", refused: BEFORE_ITS_ENTRY, status: 422 },
      { reverse: "a", on: "2026-02-10" },
    ],
    received: 100,
    disbursed: 0,
    balance: 100,
    entries: 2,
  },
};

describe("the ledger's arithmetic", () => {
  it.each(Object.entries(CASES))("%s", async (_name, { steps, received, disbursed, balance, entries }) => {
    const fund = await freshFund();
    const named = new Map<string, number>();
    for (const step of steps) {
      if ("gift" in step) {
        await gift(
          fund.name,
          Math.round(step.gift * 100),
          `${step.on ?? "2026-02-01"}T10:00:00.000Z`,
          step.test ? 1 : 0,
        );
        continue;
      }
      const before = await entriesOf(fund.id);
      const attempt =
        "disburse" in step
          ? recordDisbursement(
              {
                fund_id: fund.id,
                amount: step.disburse,
                disbursed_on: step.on ?? "2026-02-10",
                description: "Case step",
              },
              STAFF,
            )
          : recordReversal(
              { reverses_id: named.get(step.reverse), disbursed_on: step.on ?? "2026-02-12", description: "Put right" },
              STAFF,
            );
      if (step.refused) {
        await expect(attempt).rejects.toThrow(step.refused);
        await expect(attempt).rejects.toBeInstanceOf(step.status === 422 ? ValidationError : ConflictError);
        // Refused: nothing at all was stored.
        expect(await entriesOf(fund.id)).toEqual(before);
        continue;
      }
      const entry = await attempt;
      if (step.as) named.set(step.as, entry.id);
    }

    expect(await getFund(fund.id)).toMatchObject({ received, disbursed, balance });
    expect(await entriesOf(fund.id)).toHaveLength(entries);
    // The fund's running figures agree with the gifts and the ledger themselves.
    const { rows } = await sql<{ received: number; out: number }>`
      select
        (select coalesce(sum(amount_cents), 0) from donations where fund_id = ${fund.id} and is_test = 0) as received,
        (select coalesce(sum(case kind when 'disbursement' then amount_cents else -amount_cents end), 0) from disbursements where fund_id = ${fund.id}) as out
    `.execute(getDb());
    expect(rows[0]).toEqual({ received: Math.round(received * 100), out: Math.round(disbursed * 100) });
  });
});

// ---------------------------------------------------------------------------------------

describe("the database itself keeps the ledger", () => {
  let fundId: number;
  let entryId: number;

  beforeAll(async () => {
    const fund = await freshFund();
    fundId = fund.id;
    await gift(fund.name, 10_000, "2026-02-01T10:00:00.000Z");
    entryId = (
      await recordDisbursement(
        { fund_id: fundId, amount: 40, disbursed_on: "2026-02-10", description: "Blankets" },
        STAFF,
      )
    ).id;
  });

  it.each([
    ["changing an amount", "update disbursements set amount_cents = 1 where id = ?", /never changed/],
    ["changing a description", "update disbursements set description = 'Something else' where id = ?", /never changed/],
    ["moving an entry to another fund", "update disbursements set fund_id = 1 where id = ?", /never changed/],
    ["deleting an entry", "delete from disbursements where id = ?", /never deleted/],
  ])("refuses %s", async (_case, statement, refusal) => {
    const before = await entriesOf(fundId);
    await expect(sql.raw(statement.replace("?", String(entryId))).execute(getDb())).rejects.toThrow(refusal);
    expect(await entriesOf(fundId)).toEqual(before);
    expect(await getFund(fundId)).toMatchObject({ disbursed: 40, balance: 60 });
  });

  type RawEntry = {
    kind: "disbursement" | "reversal";
    amount_cents: number;
    reverses_id?: number | "entry";
    category?: string;
  };
  it.each<[string, RawEntry, RegExp]>([
    [
      "an overdraft written straight to the table",
      { kind: "disbursement", amount_cents: 6_001 },
      /fund balance is not enough/,
    ],
    [
      "a reversal naming nothing",
      { kind: "reversal", amount_cents: 4_000, reverses_id: 99_999 },
      /same fund and amount/,
    ],
    [
      "a reversal of a different amount",
      { kind: "reversal", amount_cents: 5_000, reverses_id: "entry" },
      /same fund and amount/,
    ],
    ["a reversal without the entry it reverses", { kind: "reversal", amount_cents: 4_000 }, /same fund and amount/],
    [
      "a disbursement claiming to reverse",
      { kind: "disbursement", amount_cents: 100, reverses_id: "entry" },
      checkViolationPattern("disbursements"),
    ],
    [
      "a category that is not one of the eight",
      { kind: "disbursement", amount_cents: 100, category: "friends" },
      checkViolationPattern("disbursements"),
    ],
    ["a nothing amount", { kind: "disbursement", amount_cents: 0 }, checkViolationPattern("disbursements")],
  ])("refuses %s", async (_case, row, refusal) => {
    const before = await entriesOf(fundId);
    const values = {
      fund_id: fundId,
      disbursed_on: "2026-02-11",
      description: "Written around the site",
      recorded_by: STAFF,
      recorded_at: nowIso(),
      kind: row.kind,
      amount_cents: row.amount_cents,
      category: row.category ?? null,
      reverses_id: row.reverses_id === "entry" ? entryId : (row.reverses_id ?? null),
    };
    await expect(getDb().insertInto("disbursements").values(values).execute()).rejects.toThrow(refusal);
    expect(await entriesOf(fundId)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------

describe("a disbursement dated in the past", () => {
  it("is refused when the fund held nothing that day, naming the day and what it held; no year shows a negative balance", async () => {
    const fund = await freshFund();
    await gift(fund.name, 50_000, "2026-02-01T10:00:00.000Z");
    const attempt = recordDisbursement(
      { fund_id: fund.id, amount: 500, disbursed_on: "2025-06-01", description: "Dated before any gift" },
      STAFF,
    );
    await expect(attempt).rejects.toThrow(
      `The ${fund.name} balance is not enough on 2025-06-01: it held $0.00 then, and this disbursement is $500.00. Nothing was recorded.`,
    );
    await expect(attempt).rejects.toBeInstanceOf(ConflictError);
    expect(await entriesOf(fund.id)).toEqual([]);
    expect(await getFund(fund.id)).toMatchObject({ received: 500, disbursed: 0, balance: 500 });
    for (const request of [
      { calendar: "gregorian", year: 2025 },
      { calendar: "hijri", year: 1446 },
      { calendar: "hijri", year: 1447 },
    ] as const) {
      const report = await getTransparencyReport(request);
      for (const item of report.funds) expect(item.held, `${item.name} in ${request.year}`).toBeGreaterThanOrEqual(0);
    }
  });

  it("is refused when a later disbursement already gave the money, naming that day and the most it could be", async () => {
    const fund = await freshFund();
    await gift(fund.name, 10_000, "2026-01-05T10:00:00.000Z");
    await recordDisbursement(
      { fund_id: fund.id, amount: 80, disbursed_on: "2026-03-01", description: "Winter blankets" },
      STAFF,
    );
    await gift(fund.name, 10_000, "2026-04-01T10:00:00.000Z");
    await expect(
      recordDisbursement(
        { fund_id: fund.id, amount: 50, disbursed_on: "2026-02-01", description: "Recorded late" },
        STAFF,
      ),
    ).rejects.toThrow(
      `The ${fund.name} balance is not enough on 2026-03-01, after what was given out up to that day: it held $20.00 then, and this disbursement, dated 2026-02-01, is $50.00; at most $20.00 can be given on 2026-02-01. Nothing was recorded.`,
    );
    expect(await entriesOf(fund.id)).toHaveLength(1);
  });

  it("dated today, spends what the fund holds now, even a gift whose UTC day is already tomorrow's", async () => {
    // The site's day ends after UTC's (a site west of Greenwich): a gift of this evening is
    // kept under tomorrow's UTC date, yet it is here today.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-10T23:30:00.000Z") });
    try {
      const fund = await freshFund();
      await gift(fund.name, 10_000, "2026-03-11T00:30:00.000Z");
      await expect(
        recordDisbursement(
          { fund_id: fund.id, amount: 100, disbursed_on: "2026-03-10", description: "Given this evening" },
          STAFF,
        ),
      ).resolves.toMatchObject({ amount: 100 });
      expect(await getFund(fund.id)).toMatchObject({ received: 100, disbursed: 100, balance: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the message of the plain overdraft when today's balance is short", async () => {
    const fund = await freshFund();
    await gift(fund.name, 10_000, "2026-01-05T10:00:00.000Z");
    await expect(
      recordDisbursement({ fund_id: fund.id, amount: 150, disbursed_on: "2025-12-01", description: "Too much" }, STAFF),
    ).rejects.toThrow(
      `The ${fund.name} balance is not enough: it holds $100.00, and this disbursement is $150.00. Nothing was recorded.`,
    );
  });
});

// ---------------------------------------------------------------------------------------

// Writing over a row: SQLite's INSERT OR REPLACE, which removes the old row unseen by any
// delete trigger, meets 0011's guards; PostgreSQL's "on conflict (id) do update" is an
// update of the old row, and meets the rule that nothing recorded is ever changed.
const WRITTEN_OVER = byEngine({ sqlite: /never replaced/, postgres: /never changed/ });

describe("INSERT OR REPLACE (on PostgreSQL, on conflict do update) cannot rewrite what was recorded", () => {
  const ids = { fund: 0, entry: 0, reversed: 0, reversal: 0 };

  beforeAll(async () => {
    const fund = await freshFund();
    ids.fund = fund.id;
    await gift(fund.name, 10_000, "2026-02-01T10:00:00.000Z");
    ids.entry = (
      await recordDisbursement(
        { fund_id: fund.id, amount: 40, disbursed_on: "2026-02-10", description: "Blankets" },
        STAFF,
      )
    ).id;
    ids.reversed = (
      await recordDisbursement(
        { fund_id: fund.id, amount: 10, disbursed_on: "2026-02-10", description: "Typed twice" },
        STAFF,
      )
    ).id;
    ids.reversal = (
      await recordReversal(
        { reverses_id: ids.reversed, disbursed_on: "2026-02-11", description: "Recorded twice" },
        STAFF,
      )
    ).id;
  });

  const ledgerAndTotal = async () => ({
    entries: await entriesOf(ids.fund),
    disbursed_cents: (
      await getDb().selectFrom("funds").select("disbursed_cents").where("id", "=", ids.fund).executeTakeFirstOrThrow()
    ).disbursed_cents,
  });

  const replacing = (id: number | null, kind: "disbursement" | "reversal", cents: number, reversesId: number | null) =>
    overwriting("disbursements", {
      id,
      kind,
      fund_id: ids.fund,
      amount_cents: cents,
      disbursed_on: "2026-02-10",
      description: "Rewritten in place",
      reverses_id: reversesId,
      recorded_by: "someone",
      recorded_at: nowIso(),
    });

  it.each([
    [
      "a disbursement replaced by a smaller one under its id",
      () => replacing(ids.entry, "disbursement", 100, null),
      WRITTEN_OVER,
    ],
    [
      "a reversal replaced by a disbursement under its id",
      () => replacing(ids.reversal, "disbursement", 100, null),
      WRITTEN_OVER,
    ],
    [
      "a second reversal of an entry, in place of the first",
      () => replacing(null, "reversal", 1_000, ids.reversed),
      /reversed once/,
    ],
  ])("refuses %s, and the ledger and the fund's total stay as they were", async (_case, statement, refusal) => {
    const before = await ledgerAndTotal();
    expect(before.disbursed_cents).toBe(4_000);
    await expect(statement().execute(getDb())).rejects.toThrow(refusal);
    expect(await ledgerAndTotal()).toEqual(before);
  });

  it("refuses a rate replaced under its id, and the register stays as it was", async () => {
    const register = () => getDb().selectFrom("rates").selectAll().orderBy("id").execute();
    const before = await register();
    const gold = before.find((rate) => rate.rate_key === "gold_per_gram")!;
    const replacement = {
      id: gold.id,
      rate_key: "gold_per_gram",
      amount_cents: 1,
      effective_on: gold.effective_on,
      recorded_by: "someone",
      recorded_at: nowIso(),
    };
    await expect(overwriting("rates", replacement).execute(getDb())).rejects.toThrow(WRITTEN_OVER);
    expect(await register()).toEqual(before);
  });

  it("still takes a new rate written the same way", async () => {
    const before = await getDb().selectFrom("rates").selectAll().orderBy("id").execute();
    await overwriting("rates", {
      rate_key: "silver_per_gram",
      amount_cents: 90,
      effective_on: "2026-02-01",
      recorded_by: "someone",
      recorded_at: nowIso(),
    }).execute(getDb());
    const after = await getDb().selectFrom("rates").selectAll().orderBy("id").execute();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toMatchObject([{ rate_key: "silver_per_gram", amount_cents: 90 }]);
  });
});

// ---------------------------------------------------------------------------------------

describe("two staff recording at once", () => {
  it.each([
    { gift: 100, amounts: [70, 70], recorded: 1 },
    { gift: 100, amounts: [60, 50, 40], recorded: 2 },
    { gift: 100, amounts: [30, 30, 30, 30, 30], recorded: 3 },
    { gift: 100, amounts: [100, 0.01], recorded: 1 },
  ])(
    "with $gift, attempts of $amounts leave the balance at zero or more, $recorded recorded",
    async ({ gift: dollars, amounts, recorded }) => {
      const fund = await freshFund();
      await gift(fund.name, dollars * 100, "2026-02-01T10:00:00.000Z");
      const results = await Promise.allSettled(
        amounts.map((amount, n) =>
          recordDisbursement(
            { fund_id: fund.id, amount, disbursed_on: "2026-02-10", description: `Staff member ${n + 1}` },
            `staff-${n + 1}`,
          ),
        ),
      );
      const refusals = results.filter((result) => result.status === "rejected");
      for (const refusal of refusals) expect((refusal as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
      expect(results.length - refusals.length).toBe(recorded);
      expect(await entriesOf(fund.id)).toHaveLength(recorded);
      const after = await getFund(fund.id);
      expect(after.balance).toBeGreaterThanOrEqual(0);
      expect(after.disbursed).toBe(
        results.reduce((total, result, n) => (result.status === "fulfilled" ? total + amounts[n]! : total), 0),
      );
    },
  );

  describe("on two connections to the same database", () => {
    const connections: OtherConnection[] = [];
    afterEach(async () => {
      for (const connection of connections.splice(0)) await connection.close();
    });

    /** A second writer, as another server process would be. */
    async function connect(): Promise<OtherConnection> {
      const connection = await openOtherConnection();
      connections.push(connection);
      return connection;
    }

    const balanceOn = async (connection: OtherConnection, fundId: number) =>
      (
        await connection.query<{ balance: number }>(
          "select received_cents - disbursed_cents as balance from funds where id = ?",
          fundId,
        )
      )[0]!.balance;

    const insertOn = (connection: OtherConnection, fundId: number, cents: number, who: string) =>
      connection.query(
        `insert into disbursements (kind, fund_id, amount_cents, disbursed_on, description, recorded_by, recorded_at)
         values ('disbursement', ?, ?, '2026-02-10', 'Recorded at the same time', ?, ?)`,
        fundId,
        cents,
        who,
        new Date().toISOString(),
      );

    /**
     * While the first's transaction holds its write, the second's write of 70 of the 100
     * dollars both read cannot be stored beside it. It ends refused either way, by the
     * engine's own means, and leaves its transaction to be rolled back.
     */
    const laterWriteWhileTheFirstCommits = byEngine({
      // SQLite: one writer per file. The second is turned away at once, and after the
      // first's commit what it read is out of date, so it is turned away again.
      sqlite: async (first: OtherConnection, second: OtherConnection, fundId: number) => {
        await expect(insertOn(second, fundId, 7_000, "second")).rejects.toThrow(/locked|busy/i);
        await first.query("commit");
        await expect(insertOn(second, fundId, 7_000, "second")).rejects.toThrow(/locked|busy/i);
      },
      // PostgreSQL: the balance rule locks the fund's row, so the second waits; once the
      // first has committed it reads the balance the first left, and is refused.
      postgres: async (first: OtherConnection, second: OtherConnection, fundId: number) => {
        const attempt = insertOn(second, fundId, 7_000, "second").then(
          () => new Error("The second write was stored"),
          (error: Error) => error,
        );
        await second.waitingOnALock();
        await first.query("commit");
        expect((await attempt).message).toMatch(/fund balance is not enough/);
      },
    });

    it("refuses the second of two inserts that each fit the balance both read", async () => {
      const fund = await freshFund();
      await gift(fund.name, 10_000, "2026-02-01T10:00:00.000Z");
      const [first, second] = [await connect(), await connect()];
      // Each checks the balance first, as a careless writer would, and each sees enough.
      expect(await balanceOn(first, fund.id)).toBe(10_000);
      expect(await balanceOn(second, fund.id)).toBe(10_000);
      await insertOn(first, fund.id, 7_000, "first");
      await expect(insertOn(second, fund.id, 7_000, "second")).rejects.toThrow(/fund balance is not enough/);
      expect(await entriesOf(fund.id)).toHaveLength(1);
      expect(await getFund(fund.id)).toMatchObject({ disbursed: 70, balance: 30 });
    });

    it("lets one transaction write at a time, and the later one still meets the guard", async () => {
      const fund = await freshFund();
      await gift(fund.name, 10_000, "2026-02-01T10:00:00.000Z");
      const [first, second] = [await connect(), await connect()];
      await first.query("begin");
      await second.query("begin");
      expect(await balanceOn(first, fund.id)).toBe(10_000);
      expect(await balanceOn(second, fund.id)).toBe(10_000);
      await insertOn(first, fund.id, 7_000, "first");
      await laterWriteWhileTheFirstCommits(first, second, fund.id);
      await second.query("rollback");
      // Started afresh, it sees the first's disbursement, and the database refuses the overdraft.
      await expect(insertOn(second, fund.id, 7_000, "second")).rejects.toThrow(/fund balance is not enough/);
      // While the site's own connection, through the service, is refused the same way.
      await expect(
        recordDisbursement({ fund_id: fund.id, amount: 70, disbursed_on: "2026-02-10", description: "Third" }, STAFF),
      ).rejects.toThrow(
        `The ${fund.name} balance is not enough: it holds $30.00, and this disbursement is $70.00. Nothing was recorded.`,
      );
      expect((await entriesOf(fund.id)).map((entry) => entry.recorded_by)).toEqual(["first"]);
      expect(await getFund(fund.id)).toMatchObject({ received: 100, disbursed: 70, balance: 30 });
    });
  });
});

// ---------------------------------------------------------------------------------------

/**
 * Zakat across the end of 1447 AH (1 Muharram 1448 AH is 2026-06-16), matched oldest first
 * within each Zakat fund. With the reversed disbursement left out:
 *
 *   Zakat al-Mal received   2025-07-10 $1,000 (1447)   2026-06-15 $500 (1447, its last day)
 *                           2026-06-16 $800 (1448)     2026-09-01 $400 (1448)
 *   disbursed               2026-01-15 $600 the needy        -> $600 of 2025-07-10, 189 days: within
 *                           2026-05-01 $300 the poor, then reversed: never counts
 *                           2026-07-15 $700 the poor         -> $400 of 2025-07-10, 370 days: late;
 *                                                               $300 of 2026-06-15, 30 days: within
 *                           2026-10-01 $500 debtors          -> $200 of 2026-06-15, within;
 *                                                               $300 of 2026-06-16, within
 *   Zakat al-Fitr received  2026-03-15 $120 (1447), disbursed 2026-03-18 $120 the poor: within
 *   A test payment of $10,000 (2025-08-01) never counts.
 *
 *   1447: received 1,620, distributed 1,620, within 1,220 (75 %)
 *   1448: received 1,200, distributed 300, within 300 (25 %), still open
 *
 * Counting the reversed $300 would have given 1447 within 1,520 (93 %) and 1448 600.
 */
const NOTHING_BY_CATEGORY = {
  fuqara: 0,
  masakin: 0,
  amilin: 0,
  muallafah: 0,
  riqab: 0,
  gharimin: 0,
  "fi-sabilillah": 0,
  "ibn-al-sabil": 0,
};

describe("Zakat matched oldest first, across a Hijri year's end", () => {
  beforeAll(async () => {
    // "Today" is fixed, so which of the year's Zakat is under a lunar year old stays the same.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-25T12:00:00.000Z") });
    const mal = await fundBySlug("zakat-al-mal");
    const fitr = await fundBySlug("zakat-al-fitr");
    await gift("Zakat", 100_000, "2025-07-10T09:00:00.000Z");
    await gift("Zakat", 1_000_000, "2025-08-01T09:00:00.000Z", 1);
    await gift("Zakat", 50_000, "2026-06-15T22:30:00.000Z");
    await gift("Zakat", 80_000, "2026-06-16T00:30:00.000Z");
    await gift("Zakat", 40_000, "2026-09-01T09:00:00.000Z");
    await gift("Zakat al-Fitr", 12_000, "2026-03-15T09:00:00.000Z");
    const give = (fundId: number, amount: number, day: string, category: string) =>
      recordDisbursement({ fund_id: fundId, amount, disbursed_on: day, category, description: "Distribution" }, STAFF);
    await give(mal.id, 600, "2026-01-15", "masakin");
    const mistaken = await give(mal.id, 300, "2026-05-01", "fuqara");
    await give(fitr.id, 120, "2026-03-18", "fuqara");
    await recordReversal(
      { reverses_id: mistaken.id, disbursed_on: "2026-05-03", description: "Recorded against the wrong fund" },
      STAFF,
    );
    await give(mal.id, 700, "2026-07-15", "fuqara");
    await give(mal.id, 500, "2026-10-01", "gharimin");
  });

  afterAll(() => {
    vi.useRealTimers();
  });

  it.each([
    {
      request: { calendar: "hijri", year: null },
      years: [1448, 1447],
      mal: { received: 2_700, distributed: 1_800, held: 900 },
      byYear: [
        {
          year: 1448,
          received: 1_200,
          distributed: 300,
          distributed_within_lunar_year: 300,
          within_lunar_year_percent: 25,
          still_open: true,
        },
        {
          year: 1447,
          received: 1_620,
          distributed: 1_620,
          distributed_within_lunar_year: 1_220,
          within_lunar_year_percent: 75,
          still_open: false,
        },
      ],
      categories: { fuqara: 820, masakin: 600, gharimin: 500 },
    },
    {
      request: { calendar: "hijri", year: 1447 },
      years: [1448, 1447],
      // Received in 1447; given out in 1447 (the reversed $300 is not); held at the end of 1447.
      mal: { received: 1_500, distributed: 600, held: 900 },
      byYear: [
        {
          year: 1447,
          received: 1_620,
          distributed: 1_620,
          distributed_within_lunar_year: 1_220,
          within_lunar_year_percent: 75,
          still_open: false,
        },
      ],
      categories: { fuqara: 120, masakin: 600, gharimin: 0 },
    },
    {
      request: { calendar: "hijri", year: 1448 },
      years: [1448, 1447],
      mal: { received: 1_200, distributed: 1_200, held: 900 },
      byYear: [
        {
          year: 1448,
          received: 1_200,
          distributed: 300,
          distributed_within_lunar_year: 300,
          within_lunar_year_percent: 25,
          still_open: true,
        },
      ],
      categories: { fuqara: 700, masakin: 0, gharimin: 500 },
    },
    {
      request: { calendar: "gregorian", year: null },
      years: [2026, 2025],
      mal: { received: 2_700, distributed: 1_800, held: 900 },
      byYear: [
        {
          year: 2026,
          received: 1_820,
          distributed: 920,
          distributed_within_lunar_year: 920,
          within_lunar_year_percent: 50,
          still_open: true,
        },
        {
          year: 2025,
          received: 1_000,
          distributed: 1_000,
          distributed_within_lunar_year: 600,
          within_lunar_year_percent: 60,
          still_open: false,
        },
      ],
      categories: { fuqara: 820, masakin: 600, gharimin: 500 },
    },
    {
      request: { calendar: "gregorian", year: 2025 },
      years: [2026, 2025],
      mal: { received: 1_000, distributed: 0, held: 1_000 },
      byYear: [
        {
          year: 2025,
          received: 1_000,
          distributed: 1_000,
          distributed_within_lunar_year: 600,
          within_lunar_year_percent: 60,
          still_open: false,
        },
      ],
      categories: { fuqara: 0, masakin: 0, gharimin: 0 },
    },
  ] as const)("$request.calendar $request.year", async ({ request, years, mal, byYear, categories }) => {
    const report = await getTransparencyReport(request);
    expect(report).toMatchObject({ calendar: request.calendar, year: request.year, latest_entry_on: "2026-10-01" });
    // Other tests here give to restricted funds in February 2026 (1447 AH): no other year appears.
    expect(report.years).toEqual(years);
    expect(report.funds.find((fund) => fund.name === "Zakat al-Mal")).toEqual({
      name: "Zakat al-Mal",
      kind: "zakat",
      is_zakat: true,
      is_obligation: true,
      ...mal,
    });
    expect(report.zakat.by_year).toEqual(byYear);
    const amounts = Object.fromEntries(report.zakat.by_category.map((item) => [item.key, item.amount]));
    expect(amounts).toEqual({ ...NOTHING_BY_CATEGORY, ...categories });
  });

  it("gives each category's share of the Zakat distributed, and the Zakat held", async () => {
    const report = await getTransparencyReport();
    expect(report.zakat).toMatchObject({ received: 2_820, distributed: 1_920, held: 900 });
    const shares = Object.fromEntries(
      report.zakat.by_category.filter((item) => item.amount).map((item) => [item.key, item.percent]),
    );
    expect(shares).toEqual({ fuqara: 42.7, masakin: 31.3, gharimin: 26 });
  });
});
