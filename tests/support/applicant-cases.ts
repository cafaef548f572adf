import { unseal } from "~/lib/data-keys.server";
import { getDb, nowIso } from "~/lib/db.server";
import { applicationSchema, type ApplicationState } from "~/applications/records";
import { insertApplication, sealCaseValue } from "~/applications/records/index.server";

/** A submitted application as a family would send it, written by the records store (sealed, keyed). */
export async function newApplication(
  email = `family-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.org`,
  state: ApplicationState = "submitted",
): Promise<{ id: number; ref: string; email: string }> {
  const input = applicationSchema.parse({
    name: "Amina Yusuf",
    email,
    phone: "07700 900123",
    address: "1 High Street, Leeds",
    date_of_birth: "1985-04-02",
    adults: "2",
    children_ages: "4, 7",
    income_work: "1,200",
    cost_housing: "950",
    cost_food: "500",
    purpose: "rent",
    purpose_details: "Two months of rent arrears",
    requested: "1900",
    declare_true: "on",
    consent_privacy: "on",
  });
  const made = await getDb()
    .transaction()
    .execute((trx) => insertApplication(trx, input));
  if (state !== "submitted")
    await getDb().updateTable("applications").set({ state }).where("id", "=", made.id).execute();
  return { ...made, email };
}

/** A request for a document as the cases slice writes it; the case waits for documents. */
export async function requestDocument(
  application: { id: number; ref: string },
  what = "A bank statement for the last three months",
  dueOn = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
): Promise<number> {
  const row = await getDb()
    .insertInto("application_document_requests")
    .values({
      application_id: application.id,
      request_sealed: sealCaseValue(application.ref, "document-request", { what, why: "To check the income you gave" }),
      due_on: dueOn,
      requested_by: "Case Worker",
      requested_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await getDb()
    .updateTable("applications")
    .set({ state: "documents_requested" })
    .where("id", "=", application.id)
    .execute();
  return row.id;
}

/**
 * The mail of one kind, oldest first, with its recipient and text opened: an applicant's mail
 * is kept sealed once the mail queue seals personal mail (decision 169), each part to
 * `outbound-mail:<message id>:<part>`; before that it is plain.
 */
export async function applicantMails(kind: string) {
  const rows = await getDb().selectFrom("outbound_mail").selectAll().where("kind", "=", kind).orderBy("id").execute();
  return rows.map((row) => {
    if (!(row as { sealed?: number }).sealed) return row;
    const open = (value: string, part: string) => unseal(value, `outbound-mail:${row.message_id}:${part}`);
    return { ...row, to_address: open(row.to_address, "to"), text_body: open(row.text_body, "text") };
  });
}
