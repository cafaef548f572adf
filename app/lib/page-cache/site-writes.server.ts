import {
  AliasNode,
  DeleteQueryNode,
  FromNode,
  InsertQueryNode,
  RawNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
  type DatabaseConnection,
  type Dialect,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type TransactionSettings,
  type UnknownRow,
} from "kysely";
import { PassThroughDriver, withDriver } from "~/lib/driver-wrappers.server";
import { addOutsideChangeCheck, noteSiteChange } from "./site-changes.server";

/**
 * Tables written by visitors, gifts and the site's own rounds, never by what staff show
 * the public: a gift, a message, a sign-in or a mail queued does not change a page (a
 * gift's figures are refreshed by the cache's own clock). A write to any other table (a
 * story, a setting, a fund, an appeal, a rate, the Zakat policy, a table added later) is
 * taken as a change to what visitors see, so forgetting a table here costs speed, never
 * correctness.
 */
export const VISITOR_AND_GIFT_TABLES: ReadonlySet<string> = new Set([
  "admin_sessions",
  "donor_sessions",
  "api_tokens",
  "giving_sign_in_links",
  "contact_submissions",
  "volunteer_signups",
  "newsletter_subscribers",
  "donations",
  "donation_totals",
  "fund_daily_receipts",
  "appeal_totals",
  "donors",
  "subscriptions",
  "subscription_changes",
  "recurring_payment_troubles",
  "ramadan_schedules",
  "ramadan_nights",
  "zakat_reminders",
  "processed_provider_events",
  "sandbox_objects",
  "outbound_mail",
  "rate_limits",
  "list_counts",
  "subscription_totals",
  // Staff's own records: who did what, never what visitors see.
  "audit_entries",
  // Staff's passkeys and their ceremonies' challenges (staff/passkeys).
  "admin_passkeys",
  "passkey_challenges",
  // Zakat applications: a family's case is never on a public page (its payments are, through the ledger).
  "application_drafts",
  "applications",
  "application_match_keys",
  "application_document_requests",
  "application_documents",
  "application_messages",
  "application_payments",
  "applicant_sign_in_links",
  "applicant_sessions",
  "staff_invitations",
  "staff_password_resets",
  // Disbursements waiting for a second person: never shown anywhere public (the entry, once approved, is).
  "disbursement_requests",
  "admin_two_factor",
  "admin_recovery_codes",
  "admin_totp_steps",
  "admin_pending_sign_ins",
]);

/** Statements that only read, in raw SQL: anything else written raw counts as a change. */
function onlyReads(text: string): boolean {
  if (/^\s*(select|pragma|explain)\b/i.test(text)) return true;
  // A common table expression may end in a write (`with … insert/update/delete`).
  return /^\s*with\b/i.test(text) && !/\b(insert|update|delete|replace)\b/i.test(text);
}

function tableNameOf(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableNameOf(node.node);
  return undefined;
}

/** The tables a statement writes; `undefined` when it may write something unnamed. */
function tablesWrittenBy(node: RootOperationNode): string[] | undefined {
  if (SelectQueryNode.is(node)) return [];
  if (InsertQueryNode.is(node)) return [tableNameOf(node.into)].filter((name) => name !== undefined);
  if (UpdateQueryNode.is(node)) {
    const name = tableNameOf(node.table);
    return name === undefined ? undefined : [name];
  }
  if (DeleteQueryNode.is(node)) {
    const froms = FromNode.is(node.from) ? node.from.froms : [];
    const names = froms.map(tableNameOf);
    return names.every((name) => name !== undefined) ? (names as string[]) : undefined;
  }
  if (RawNode.is(node)) return onlyReads(node.sqlFragments.join("?")) ? [] : undefined;
  // Schema changes (migrations) and anything newer than this list.
  return undefined;
}

function changesWhatVisitorsSee(node: RootOperationNode): boolean {
  const tables = tablesWrittenBy(node);
  return tables === undefined || tables.some((table) => !VISITOR_AND_GIFT_TABLES.has(table));
}

/** How many writes to what visitors see this process has made: a transaction compares it at commit. */
let siteWrites = 0;

/**
 * Says a change once the statement has run, and once more when its transaction commits:
 * a page rendered between the two (from the database as it was before the commit) is
 * then never kept.
 */
class SiteWritesPlugin implements KyselyPlugin {
  readonly #writes = new WeakMap<object, true>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (changesWhatVisitorsSee(node)) this.#writes.set(queryId, true);
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.get(queryId)) {
      siteWrites += 1;
      noteSiteChange();
    }
    return result;
  }
}

class CommitWatchingDriver extends PassThroughDriver {
  readonly #writesAtBegin = new WeakMap<DatabaseConnection, number>();

  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    this.#writesAtBegin.set(connection, siteWrites);
    await super.beginTransaction(connection, settings);
  }
  override async commitTransaction(connection: DatabaseConnection) {
    await super.commitTransaction(connection);
    if (this.#writesAtBegin.get(connection) !== siteWrites) noteSiteChange();
    this.#writesAtBegin.delete(connection);
  }
  override async rollbackTransaction(connection: DatabaseConnection) {
    this.#writesAtBegin.delete(connection);
    await super.rollbackTransaction(connection);
  }
}

/** A dialect whose commits say when they changed what visitors see. */
export function watchingCommits(dialect: Dialect): Dialect {
  return withDriver(dialect, (driver) => new CommitWatchingDriver(driver));
}

/** The plugin every connection of the app carries (see openDatabase). */
export const siteWritesPlugin: KyselyPlugin = new SiteWritesPlugin();

/** The part of a better-sqlite3 database the watch needs. */
interface SqliteFile {
  prepare(sql: string): { pluck(): { get(): unknown } };
}

/**
 * Commits made to the same SQLite file by another connection (the admin password tool,
 * another process) are not seen by the plugin; SQLite counts them in `data_version`, which
 * moves only for other connections' commits. Read before a page is served (about 2 µs), a
 * move is taken as a change to what visitors see. Returns the function that stops it.
 */
export function watchOtherWriters(sqlite: SqliteFile): () => void {
  const dataVersion = sqlite.prepare("PRAGMA data_version").pluck();
  let seen = dataVersion.get();
  return addOutsideChangeCheck(() => {
    const now = dataVersion.get();
    if (now === seen) return;
    seen = now;
    noteSiteChange();
  });
}
