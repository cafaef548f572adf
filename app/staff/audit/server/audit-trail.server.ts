import { getDb, type DB } from "~/lib/db.server";
import { currentActor, type RequestActor } from "~/lib/request-actor.server";
import { changesFor } from "../rules/changes";

/** What happened, to which record: the words the Audit screen filters by. */
export interface AuditEvent {
  /** create, update, delete, approve, reject, reverse, export, sign-in, sign-in-failed, invite ... */
  action: string;
  /** The kind of record: story, disbursement, staff, setting, donation ... */
  entity: string;
  entityId?: string | number;
  /** One line a person reads ("Story: Winter appeal"), never personal data beyond a name. */
  summary?: string;
  /**
   * The record as it was and as it is (a row, or the service's own shape): only the fields that
   * differ are kept; for an applicant's records ("application..."), only their names.
   */
  before?: object | null;
  after?: object | null;
  /** Who, when it is not the request's own person (a sign-in, before the person is known). */
  actor?: Partial<RequestActor>;
}

/**
 * Appends one entry to the audit trail. Pass the transaction the change is written in, so that
 * the entry and the change are kept or lost together.
 */
export async function recordAudit(event: AuditEvent, trx?: DB): Promise<void> {
  const actor = { ...currentActor(), ...event.actor };
  await (trx ?? getDb())
    .insertInto("audit_entries")
    .values({
      actor_id: actor.id ?? null,
      actor_name: actor.name ?? "",
      action: event.action,
      entity: event.entity,
      entity_id: event.entityId === undefined ? "" : String(event.entityId),
      summary: event.summary ?? "",
      // An applicant's record keeps the names of the fields changed, never their values (issue 31).
      changes: JSON.stringify(changesFor(event.entity, event.before, event.after)),
      address: actor.address ?? "",
      user_agent: (actor.userAgent ?? "").slice(0, 300),
    })
    .execute();
}

/** An export's summary: the file and the filter it was read with ("donations.csv (frequency=Monthly)"). */
export function exportSummary(file: string, url: URL): string {
  const filter = new URLSearchParams(url.searchParams);
  filter.delete("page");
  return filter.size ? `${file} (${filter})` : file;
}
