import { getDb, type DB } from "~/lib/db.server";
import type { ApplicationMatchKind, ApplicationState } from "../../../../db/schema";

/**
 * The warnings a case worker reads before recommending (issue 31): the same person or
 * household in another application within twelve months of this one (either side of it),
 * found by the keyed hashes of the normalised email, phone, and name with date of birth
 * (application_match_keys); what was granted to those applications; and the household's
 * twelve-month cap. One query, walking the index on (key_hash, created_at) for each of the
 * case's own keys (three at most): no sealed value is opened, no plain value compared.
 */
export interface DuplicateCase {
  id: number;
  ref: string;
  state: ApplicationState;
  submitted_at: string;
  /** Which of the case's keys the other application shares. */
  matched_on: ApplicationMatchKind[];
  approved_cents: number | null;
  paid_cents: number;
}

export const MATCH_KIND_LABELS: Record<ApplicationMatchKind, string> = {
  email: "email",
  phone: "phone",
  name_dob: "name with date of birth",
};

/** The moment twelve months before or after an ISO timestamp (the same day of the month). */
export function monthsFrom(iso: string, months: number): string {
  const moment = new Date(iso);
  moment.setUTCMonth(moment.getUTCMonth() + months);
  return moment.toISOString();
}

export async function duplicatesOf(
  application: { id: number; submitted_at: string },
  db: DB = getDb(),
): Promise<DuplicateCase[]> {
  const rows = await db
    .selectFrom("application_match_keys as own")
    .innerJoin("application_match_keys as other", (join) =>
      join
        .onRef("other.key_hash", "=", "own.key_hash")
        .on("other.created_at", ">=", monthsFrom(application.submitted_at, -12))
        .on("other.created_at", "<=", monthsFrom(application.submitted_at, 12)),
    )
    .innerJoin("applications", "applications.id", "other.application_id")
    .select([
      "applications.id",
      "applications.ref",
      "applications.state",
      "applications.submitted_at",
      "applications.approved_cents",
      "applications.paid_cents",
      "own.kind",
    ])
    .where("own.application_id", "=", application.id)
    .where("other.application_id", "<>", application.id)
    .orderBy("applications.id", "desc")
    .execute();
  const byCase = new Map<number, DuplicateCase>();
  for (const row of rows) {
    const found = byCase.get(row.id) ?? {
      id: row.id,
      ref: row.ref,
      state: row.state,
      submitted_at: row.submitted_at,
      matched_on: [],
      approved_cents: row.approved_cents === null ? null : Number(row.approved_cents),
      paid_cents: Number(row.paid_cents),
    };
    if (!found.matched_on.includes(row.kind)) found.matched_on.push(row.kind);
    byCase.set(row.id, found);
  }
  return [...byCase.values()];
}

/** What was granted to a case: the approved sum, or what was paid when more (never below it). */
export function grantedCents(found: Pick<DuplicateCase, "approved_cents" | "paid_cents">): number {
  return Math.max(found.approved_cents ?? 0, found.paid_cents);
}

export interface CapCheck {
  cap_cents: number;
  /** Granted to the matching applications within twelve months. */
  earlier_cents: number;
  /** This case's recommendation in all (each month's times the months); 0 before one. */
  recommended_cents: number;
  /** What may still be recommended without passing the cap. */
  room_cents: number;
  passed: boolean;
}

export function capCheck(duplicates: DuplicateCase[], capCents: number, recommendedCents: number): CapCheck {
  const earlier = duplicates.reduce((sum, found) => sum + grantedCents(found), 0);
  return {
    cap_cents: capCents,
    earlier_cents: earlier,
    recommended_cents: recommendedCents,
    room_cents: Math.max(0, capCents - earlier),
    passed: earlier + recommendedCents > capCents,
  };
}
