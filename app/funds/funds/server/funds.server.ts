import { sql, type Kysely } from "kysely";
import {
  canBeArchived,
  isObligationBound,
  isZakatBound,
  soundsLikeAnObligation,
  type FundKind,
} from "../rules/fund-kinds";
import { fundChangeSchema, newFundSchema } from "../rules/fund-schemas";
import { centsToDollars } from "~/shared/money";
import { getDb, nowIso } from "~/lib/db.server";
import { equalsIgnoringCase, lockedForTheWrite, uniqueViolation } from "~/lib/sql-dialect.server";
import { ConflictError, NotFoundError, parseOrThrow, ValidationError } from "~/lib/service-errors";
import type { Database, FundRow } from "../../../../db/schema";
import { recordAudit } from "~/staff/audit/index.server";

/** A fund as the Funds screen and /api/funds/ see it (amounts in dollars, live gifts only). */
export interface Fund {
  id: number;
  slug: string;
  name: string;
  /** The donate form's word for it, kept on each gift as `purpose`. */
  purpose: string;
  description: string;
  kind: FundKind;
  /** Given only to the eight categories of Zakat recipients. */
  is_zakat: boolean;
  /** Zakat al-Mal, Zakat al-Fitr, Fidya, Kaffarah: fixed, never renamed or archived. */
  is_obligation: boolean;
  archived: boolean;
  received: number;
  disbursed: number;
  balance: number;
  gift_count: number;
  created_at: string;
  updated_at: string;
}

export function toFund(row: FundRow): Fund {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    purpose: row.purpose,
    description: row.description,
    kind: row.kind,
    is_zakat: isZakatBound(row.kind),
    is_obligation: isObligationBound(row.kind),
    archived: row.archived_at !== null,
    received: centsToDollars(row.received_cents),
    disbursed: centsToDollars(row.disbursed_cents),
    balance: centsToDollars(row.received_cents - row.disbursed_cents),
    gift_count: row.gift_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Every fund in the foundation's order: fixed funds first, archived ones last. */
export async function listFunds(): Promise<Fund[]> {
  const rows = await getDb()
    .selectFrom("funds")
    .selectAll()
    .orderBy((eb) => eb.case().when("archived_at", "is", null).then(0).else(1).end())
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return rows.map(toFund);
}

/** `db`: an open transaction, when the caller is inside one (recording a gift). */
export async function getFund(id: number, db: Kysely<Database> = getDb()): Promise<Fund> {
  return toFund(await fundRow(db, id));
}

export async function fundRow(db: Kysely<Database>, id: number, { lock = false } = {}): Promise<FundRow> {
  const query = db.selectFrom("funds").selectAll().where("id", "=", id);
  const row = await (lock ? lockedForTheWrite(query) : query).executeTakeFirst();
  if (!row) throw new NotFoundError("Fund not found");
  return row;
}

export async function fundBySlug(slug: string, db: Kysely<Database> = getDb()): Promise<Fund> {
  const row = await db.selectFrom("funds").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!row) throw new NotFoundError("Fund not found");
  return toFund(row);
}

/**
 * What a donor can give to on the donate form: general Sadaqa, Zakat, and every open
 * restricted fund. The other obligations (Fitr, Fidya, Kaffarah) are paid by quick pay,
 * whose amount is worked out from the foundation's rates.
 */
export async function listDonateChoices(): Promise<Pick<Fund, "id" | "name" | "purpose" | "description" | "kind">[]> {
  const rows = await getDb()
    .selectFrom("funds")
    .select(["id", "name", "purpose", "description", "kind"])
    .where("archived_at", "is", null)
    .where((eb) => eb.or([eb("kind", "in", ["general", "restricted"]), eb("slug", "=", "zakat-al-mal")]))
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return rows;
}

/**
 * The open fund a new gift for `purpose` may name: by its donate-form word (any letter
 * case), or null when there is none (the caller refuses it).
 */
export async function openFundForPurpose(purpose: string, db: Kysely<Database> = getDb()): Promise<Fund | null> {
  const fund = await fundForPurpose(purpose, db);
  return fund && !fund.archived ? fund : null;
}

/**
 * The fund a gift for `purpose` is recorded in, open or archived: a donor who chose a
 * restricted fund gave to it, even if staff archived it while the donor was at the
 * checkout. Null when no fund has ever had that purpose.
 */
export async function fundForPurpose(purpose: string, db: Kysely<Database> = getDb()): Promise<Fund | null> {
  const row = await db
    .selectFrom("funds")
    .selectAll()
    .where(equalsIgnoringCase(sql.ref("purpose"), purpose.trim()))
    .executeTakeFirst();
  return row ? toFund(row) : null;
}

function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "fund";
}

const OBLIGATION_NAME =
  "A restricted fund holds Sadaqa: Zakat, Zakat al-Fitr, Fidya and Kaffarah are given to their own funds. Please choose a name that does not suggest them.";

/**
 * Staff add a restricted Sadaqa fund; its name is its donate-form purpose too, for good.
 * A name that says Zakat or an obligation is refused: donors would give what they owe to
 * a fund that is not kept for it.
 */
export async function addFund(input: unknown): Promise<Fund> {
  const fund = parseOrThrow(newFundSchema, input);
  const db = getDb();
  return db
    .transaction()
    .execute(async (trx) => {
      const taken = await trx
        .selectFrom("funds")
        .select("id")
        .where((eb) =>
          eb.or([equalsIgnoringCase(eb.ref("name"), fund.name), equalsIgnoringCase(eb.ref("purpose"), fund.name)]),
        )
        .executeTakeFirst();
      if (taken) throw new ValidationError({ name: ["A fund with this name already exists"] });
      if (soundsLikeAnObligation(fund.name)) throw new ValidationError({ name: [OBLIGATION_NAME] });
      const base = slugOf(fund.name);
      let slug = base;
      for (let n = 2; await trx.selectFrom("funds").select("id").where("slug", "=", slug).executeTakeFirst(); n++)
        slug = `${base}-${n}`;
      const last = await trx
        .selectFrom("funds")
        .select((eb) => eb.fn.max("sort_order").as("last"))
        .executeTakeFirstOrThrow();
      const now = nowIso();
      const row = await trx
        .insertInto("funds")
        .values({
          slug,
          name: fund.name,
          purpose: fund.name,
          description: fund.description,
          kind: "restricted",
          sort_order: Number(last.last ?? 0) + 10,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(
        { action: "create", entity: "fund", entityId: row.id, summary: `Fund: ${row.name}`, after: fundTerms(row) },
        trx,
      );
      return toFund(row);
    })
    .catch((error: unknown) => {
      // Two staff adding the same name at the same moment (or its address): the database keeps one.
      if (uniqueViolation(error)) throw new ValidationError({ name: ["A fund with this name already exists"] });
      throw error;
    });
}

/**
 * Staff change a fund's description, or archive or reopen it. A name never changes (gifts
 * carry it as their purpose); the fixed funds are never archived.
 */
export async function changeFund(id: number, input: unknown): Promise<Fund> {
  if (input && typeof input === "object" && ("name" in input || "purpose" in input || "kind" in input)) {
    const current = await getFund(id);
    const record = input as Record<string, unknown>;
    if (
      (record.name !== undefined && record.name !== current.name) ||
      (record.purpose !== undefined && record.purpose !== current.purpose)
    ) {
      throw new ValidationError({
        name: ["A fund's name never changes: gifts are recorded under it. Archive it and add a new fund instead."],
      });
    }
    if (record.kind !== undefined && record.kind !== current.kind)
      throw new ValidationError({ kind: ["A fund's kind never changes"] });
  }
  const change = parseOrThrow(fundChangeSchema, input);
  const db = getDb();
  return db.transaction().execute(async (trx) => {
    const row = await fundRow(trx, id);
    const archiving = change.archived === true && row.archived_at === null;
    if (archiving && !canBeArchived(row.kind)) {
      throw new ConflictError(`${row.name} is one of the foundation's fixed funds and cannot be archived`);
    }
    const now = nowIso();
    const updated = await trx
      .updateTable("funds")
      .set({
        description: change.description ?? row.description,
        archived_at:
          change.archived === undefined ? row.archived_at : change.archived ? (row.archived_at ?? now) : null,
        updated_at: now,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      {
        action: archiving ? "archive" : "update",
        entity: "fund",
        entityId: id,
        summary: `Fund: ${row.name}`,
        before: fundTerms(row),
        after: fundTerms(updated),
      },
      trx,
    );
    return toFund(updated);
  });
}

/** What staff set on a fund, as the audit trail keeps it. */
function fundTerms(row: FundRow) {
  return { name: row.name, description: row.description, kind: row.kind, archived_at: row.archived_at };
}
