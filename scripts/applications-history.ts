// The applications phase of `npm run bench`: 100,000 Zakat applications (20,000 of them open)
// and 300,000 documents written into a database the server has migrated. Each case's personal
// data is sealed for real with the bench's data key (the server opens it with the same key),
// its match keys are real keyed hashes, so the queue, a case page and the duplicate check are
// measured on what a foundation years into the work would hold.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { dataKeyFromHex, sealValue, type KeyRing } from "~/lib/data-encryption.server";
import { matchKey } from "~/lib/data-keys.server";
import { openDatabase } from "~/lib/db.server";
import { ZAKAT_CATEGORIES } from "~/funds/funds";
import { normaliseName } from "~/applications/records/rules/normalise";
import { referenceFrom } from "~/applications/records/rules/references";
import { CASE_FIELDS } from "~/applications/records/server/application-store.server";
import type { ApplicantRecord } from "~/applications/records/rules/application-form";
import type { ApplicationState } from "../db/schema";
import { isPostgresUrl } from "./postgres-history";

export const APPLICATIONS = 100_000;
export const OPEN_APPLICATIONS = 20_000;
export const DOCUMENTS_PER_APPLICATION = 3;
/** The bench's own data key, given to the server it starts. */
export const BENCH_DATA_KEY = "b3c4b3c4b3c4b3c4b3c4b3c4b3c4b3c4b3c4b3c4b3c4b3c4b3c4b3c4b3c4b3c4";

const OPEN: ApplicationState[] = ["submitted", "documents_requested", "under_assessment", "recommended", "approved"];
const FINISHED: ApplicationState[] = ["paid", "closed", "declined", "withdrawn", "lapsed"];
const BATCH = 500;

export interface ApplicationsHistory {
  /** A few references to open: an open case, a finished one. */
  sampleRefs: string[];
  caseworkerIds: number[];
}

function record(index: number): ApplicantRecord {
  return {
    name: `Applicant ${index} Family`,
    // One family in ten applies again (the duplicate warnings have something to find).
    email: `applicant${index % 90_000}@example.org`,
    phone: `07700 ${String(100000 + (index % 900000)).padStart(6, "0")}`,
    address: `${index} Bench Street, Testville`,
    date_of_birth: `19${50 + (index % 50)}-0${1 + (index % 9)}-1${index % 10}`,
    adults: 1 + (index % 3),
    children_ages: Array.from({ length: index % 5 }, (_, child) => 2 + child * 3),
    income_work: 800,
    income_benefits: 300,
    income_pension: 0,
    income_support: 0,
    income_other: 0,
    cost_housing: 900,
    cost_utilities: 150,
    cost_food: 400,
    cost_transport: 80,
    cost_childcare: 0,
    cost_debt: 50,
    cost_other: 0,
    savings: 100,
    debts: 1200,
    debts_details: "Rent arrears and a utility bill",
    purpose: "rent",
    purpose_details: "Two months of rent arrears after losing work",
    requested: 1500,
    declared_at: new Date().toISOString(),
  };
}

export async function fillApplicationsHistory(
  databaseUrl: string,
  count = APPLICATIONS,
  log: (line: string) => void = () => {},
): Promise<ApplicationsHistory> {
  const postgres = isPostgresUrl(databaseUrl);
  const db = openDatabase(postgres ? databaseUrl : databaseUrl.replace(/^file:/, ""));
  const ring: KeyRing = { current: dataKeyFromHex(BENCH_DATA_KEY), older: [] };
  try {
    const now = new Date().toISOString();
    const caseworkers = Array.from({ length: 10 }, (_, index) => ({
      username: `caseworker-${index + 1}`,
      password_hash: "not-a-password",
      name: `Case Worker ${index + 1}`,
      email: `caseworker${index + 1}@example.org`,
      roles: "caseworker",
      active: 1,
      created_at: now,
      updated_at: now,
    }));
    const caseworkerIds = (await db.insertInto("admins").values(caseworkers).returning("id").execute()).map((row) =>
      Number(row.id),
    );
    const sampleRefs: string[] = [];
    // Seven random characters from thirty: at 100,000 cases two may meet, as the store's check knows.
    const refs = new Set<string>();
    const unusedRef = (): string => {
      const ref = referenceFrom(randomBytes(8));
      if (refs.has(ref)) return unusedRef();
      refs.add(ref);
      return ref;
    };
    const documentRow = (row: { id: number | bigint; ref: string }, n: number) => {
      const storedName = randomBytes(16).toString("hex");
      return {
        application_id: Number(row.id),
        stored_name: storedName,
        content_type: "application/pdf",
        size_bytes: 120_000 + n,
        name_sealed: sealValue(
          JSON.stringify(`statement-${n + 1}.pdf`),
          `application:${row.ref}:${CASE_FIELDS.documentName(storedName)}`,
          ring,
        ),
      };
    };
    const openEvery = Math.round(count / OPEN_APPLICATIONS);
    log(
      `Writing ${count.toLocaleString("en-US")} applications and ${(count * DOCUMENTS_PER_APPLICATION).toLocaleString("en-US")} documents...`,
    );
    const start = Date.parse("2021-01-01T00:00:00Z");
    const span = Date.now() - start;
    for (let first = 0; first < count; first += BATCH) {
      const indexes = Array.from({ length: Math.min(BATCH, count - first) }, (_, offset) => first + offset);
      const cases = indexes.map((index) => {
        const ref = unusedRef();
        const open = index % openEvery === 0;
        const state = open ? OPEN[Math.floor(index / openEvery) % OPEN.length]! : FINISHED[index % FINISHED.length]!;
        const at = new Date(start + Math.floor((span * index) / count)).toISOString();
        const told = record(index);
        const categorised = state !== "submitted" && state !== "documents_requested";
        return {
          index,
          told,
          row: {
            ref,
            state,
            email_key: matchKey("email", told.email, ring),
            applicant_sealed: sealValue(JSON.stringify(told), `application:${ref}:applicant`, ring),
            household_size: told.adults + told.children_ages.length,
            purpose: told.purpose,
            requested_cents: 150_000,
            assigned_to_id: state === "submitted" ? null : caseworkerIds[index % caseworkerIds.length]!,
            category: categorised ? ZAKAT_CATEGORIES[index % 3 === 0 ? 5 : index % 2]!.key : null,
            shortfall_cents: categorised ? 48_000 : null,
            approved_cents: ["approved", "paid", "closed"].includes(state) ? 120_000 : null,
            paid_cents: ["paid", "closed"].includes(state) ? 120_000 : 0,
            submitted_at: at,
            updated_at: at,
            closed_at: FINISHED.includes(state) ? at : null,
          },
        };
      });
      const ids = await db
        .insertInto("applications")
        .values(cases.map((item) => item.row))
        .returning(["id", "ref"])
        .execute();
      if (sampleRefs.length < 5)
        sampleRefs.push(
          ...ids
            .filter((_, i) => cases[i]!.row.state !== "paid")
            .slice(0, 2)
            .map((row) => row.ref),
        );
      await db
        .insertInto("application_match_keys")
        .values(
          ids.flatMap((row, i) => {
            const { told, row: c } = cases[i]!;
            return [
              {
                application_id: Number(row.id),
                kind: "email" as const,
                key_hash: c.email_key,
                created_at: c.submitted_at,
              },
              {
                application_id: Number(row.id),
                kind: "phone" as const,
                key_hash: matchKey("phone", told.phone.replace(/\D/g, "").slice(-10), ring),
                created_at: c.submitted_at,
              },
              {
                application_id: Number(row.id),
                kind: "name_dob" as const,
                key_hash: matchKey("name_dob", `${normaliseName(told.name)}|${told.date_of_birth}`, ring),
                created_at: c.submitted_at,
              },
            ];
          }),
        )
        .execute();
      await db
        .insertInto("application_documents")
        .values(ids.flatMap((row) => Array.from({ length: DOCUMENTS_PER_APPLICATION }, (_, n) => documentRow(row, n))))
        .execute();
      if ((first / BATCH) % 40 === 0) log(`  ${first.toLocaleString("en-US")}...`);
    }
    await sql.raw(postgres ? "vacuum analyze" : "analyze").execute(db);
    return { sampleRefs, caseworkerIds };
  } finally {
    await db.destroy();
  }
}
