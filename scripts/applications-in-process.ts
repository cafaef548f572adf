// The applications phase's in-process figures: opening a case page's sealed fields, and the
// duplicate check, each timed on its own against the filled database (issue 31: < 2 ms, < 10 ms).
import { dataKeyFromHex, openValue, type KeyRing } from "~/lib/data-encryption.server";
import { openDatabase } from "~/lib/db.server";
import { duplicatesOf } from "~/applications/cases/server/duplicates.server";
import { CASE_FIELDS } from "~/applications/records/server/application-store.server";
import { isPostgresUrl } from "./postgres-history";
import { printAligned } from "./report-table";

const RUNS = 500;

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? 0;
}

async function timed(runs: number, work: () => unknown): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs + 10; run += 1) {
    const started = performance.now();
    await work();
    if (run >= 10) times.push(performance.now() - started);
  }
  return times;
}

export async function measureApplicationsInProcess(databaseUrl: string, keyHex: string, refs: string[]): Promise<void> {
  const postgres = isPostgresUrl(databaseUrl);
  const db = openDatabase(postgres ? databaseUrl : databaseUrl.replace(/^file:/, ""));
  const ring: KeyRing = { current: dataKeyFromHex(keyHex), older: [] };
  try {
    const cases = await db
      .selectFrom("applications")
      .select(["id", "ref", "applicant_sealed"])
      .where("ref", "in", refs)
      .execute();
    const docs = await db
      .selectFrom("application_documents")
      .select(["application_id", "stored_name", "name_sealed"])
      .where(
        "application_id",
        "in",
        cases.map((row) => row.id),
      )
      .execute();
    let turn = 0;
    const open = await timed(RUNS, () => {
      const row = cases[turn++ % cases.length]!;
      JSON.parse(openValue(row.applicant_sealed!, `application:${row.ref}:applicant`, ring));
      for (const doc of docs.filter((d) => d.application_id === row.id))
        openValue(doc.name_sealed, `application:${row.ref}:${CASE_FIELDS.documentName(doc.stored_name)}`, ring);
    });
    const all = await db.selectFrom("applications").select(["id", "submitted_at"]).orderBy("id").execute();
    let found = 0;
    const duplicates = await timed(RUNS, async () => {
      const one = all[Math.floor(Math.random() * all.length)]!;
      found += (await duplicatesOf(one, db)).length;
    });
    const rows = [
      [
        "Opening a case page's sealed fields (applicant record, document names)",
        p95(open).toFixed(3),
        "< 2",
        p95(open) < 2 ? "met" : "MISSED",
      ],
      [
        `The duplicate check (cases picked at random; ${found} matches found in all)`,
        p95(duplicates).toFixed(3),
        "< 10",
        p95(duplicates) < 10 ? "met" : "MISSED",
      ],
    ];
    console.log(`\nIn process, ${RUNS} runs each (p95 ms):`);
    printAligned(["What", "p95 ms", "target ms", "Target"], rows);
  } finally {
    await db.destroy();
  }
}
