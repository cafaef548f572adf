import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Migrator, NO_MIGRATIONS, sql, type MigrationResultSet, type Selectable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationProvider } from "../../db/migrations";
import type { Database } from "../../db/schema";
import { normalEmail } from "~/shared/donor-email";
import { migrateToLatest, openDatabase, type DB } from "~/lib/db.server";
import { COUNTED_LISTS, countedFromRows } from "../../db/migrations/0022_list_counts";

/**
 * Migrations stand alone and carry a real site forward: run on an empty database they
 * build exactly the tables db/schema.ts describes, and run on a database left by any
 * earlier migration (with gifts, subscriptions, messages, subscribers and mail in it) they
 * reach the same schema as a fresh install without losing a row. Nothing here names the
 * newest migration, so a migration added later is covered as soon as it is listed.
 */

/**
 * The last migration of the previous release (858fdeb), and that release's database,
 * frozen: tests/fixtures/schema-858fdeb.sql is what 858fdeb's own migrations built on an
 * empty SQLite file (every table, index and trigger, with the migrator's rows saying
 * 0001-0008 ran), not what today's files build. So an edit to a landed migration no
 * longer changes both sides of the upgrade test; it fails it. The fixture was made with
 *
 *   mkdir -p tests/fixtures
 *   npx tsx scripts/release-schema.ts 858fdeb > tests/fixtures/schema-858fdeb.sql
 *
 * which reads the release from git (`git archive 858fdeb`, into a temporary folder outside
 * the repository: 858fdeb's 0005 still imported app/lib/receipt-tokens.server), runs its
 * db/migrations/index.ts with Kysely's Migrator and writes sqlite_master out. At the next
 * release, make its own the same way and point these two constants at it.
 */
const PREVIOUS_RELEASE = "0008_donor_sessions";
const PREVIOUS_RELEASE_SCHEMA = path.join(import.meta.dirname, "../fixtures/schema-858fdeb.sql");

/**
 * An older release (community, 266caaa), rebuilt from today's files: what 0005-0007 do to
 * rows kept from before receipts and double opt-in. The frozen fixture above is the guard
 * against edits to landed migrations; this one checks their work on old rows.
 */
const OLDER_RELEASE = "0003_community";

/** Brings every donor email to one form (trimmed, lower-case); also merges newsletter rows that meet in it. */
const NORMAL_FORM_MIGRATION = "0009_donor_email_normal_form";
const DONOR_EMAIL_TABLES = [
  "donations",
  "subscriptions",
  "donors",
  "giving_sign_in_links",
  "donor_sessions",
  "newsletter_subscribers",
] as const;

// ---------------------------------------------------------------------------------------
// What db/schema.ts expects, column by column. The types make this mirror agree with the
// Database interface (a table or column added there and not here, or the other way round,
// or a different type or nullability, fails `tsc`); the tests make the database agree
// with the mirror. "text?" is a column that may hold NULL.

type Affinity<V> = NonNullable<V> extends number ? "integer" : "text";
type Declared<V> = null extends V ? `${Affinity<V>}?` : Affinity<V>;
type SchemaMirror = {
  [T in keyof Database]: { [C in keyof Selectable<Database[T]>]-?: Declared<Selectable<Database[T]>[C]> };
};

const EXPECTED_COLUMNS = {
  admins: {
    id: "integer",
    username: "text",
    password_hash: "text",
    created_at: "text",
    updated_at: "text",
    name: "text",
    email: "text",
    roles: "text",
    active: "integer",
  },
  audit_entries: {
    id: "integer",
    at: "text",
    actor_id: "integer?",
    actor_name: "text",
    action: "text",
    entity: "text",
    entity_id: "text",
    summary: "text",
    changes: "text",
    address: "text",
    user_agent: "text",
  },
  admin_sessions: {
    id: "text",
    admin_id: "integer",
    data: "text",
    created_at: "text",
    expires_at: "text",
    user_agent: "text",
    address: "text",
    last_used_at: "text?",
  },
  admin_passkeys: {
    id: "integer",
    admin_id: "integer",
    credential_id: "text",
    public_key: "text",
    counter: "integer",
    transports: "text",
    name: "text",
    created_at: "text",
    last_used_at: "text?",
  },
  passkey_challenges: { challenge: "text", purpose: "text", admin_id: "integer?", expires_at: "text" },
  admin_two_factor: { admin_id: "integer", secret_encrypted: "text", enabled_at: "text?", created_at: "text" },
  admin_recovery_codes: { id: "integer", admin_id: "integer", code_hash: "text", used_at: "text?", created_at: "text" },
  admin_totp_steps: { admin_id: "integer", time_step: "integer", used_at: "text" },
  admin_pending_sign_ins: { token_hash: "text", admin_id: "integer", expires_at: "text", created_at: "text" },
  donor_sessions: { id: "text", email: "text", created_at: "text", expires_at: "text" },
  application_drafts: {
    id: "integer",
    token_hash: "text",
    email_key: "text",
    body_sealed: "text",
    created_at: "text",
    updated_at: "text",
    expires_at: "text",
  },
  applications: {
    id: "integer",
    ref: "text",
    state: "text",
    email_key: "text",
    applicant_sealed: "text?",
    household_size: "integer",
    purpose: "text",
    requested_cents: "integer",
    assigned_to_id: "integer?",
    assigned_at: "text?",
    category: "text?",
    assessment_sealed: "text?",
    shortfall_cents: "integer?",
    recommended_plan: "text?",
    recommended_cents: "integer?",
    recommended_months: "integer?",
    recommended_by: "text",
    recommended_by_id: "integer?",
    recommended_at: "text?",
    decided_by: "text",
    decided_by_id: "integer?",
    decided_at: "text?",
    decision_sealed: "text?",
    approved_cents: "integer?",
    paid_cents: "integer",
    submitted_at: "text",
    updated_at: "text",
    closed_at: "text?",
    erased_at: "text?",
    is_open: "integer",
  },
  application_match_keys: { application_id: "integer", kind: "text", key_hash: "text", created_at: "text" },
  application_document_requests: {
    id: "integer",
    application_id: "integer",
    request_sealed: "text",
    due_on: "text",
    requested_by: "text",
    requested_at: "text",
    reminded_at: "text?",
    fulfilled_at: "text?",
  },
  application_documents: {
    id: "integer",
    application_id: "integer",
    request_id: "integer?",
    stored_name: "text",
    content_type: "text",
    size_bytes: "integer",
    name_sealed: "text",
    uploaded_at: "text",
  },
  application_messages: {
    id: "integer",
    application_id: "integer",
    kind: "text",
    author: "text",
    author_id: "integer?",
    body_sealed: "text",
    created_at: "text",
  },
  application_payments: {
    id: "integer",
    application_id: "integer",
    amount_cents: "integer",
    method: "text",
    payee_sealed: "text?",
    due_on: "text",
    status: "text",
    fund_id: "integer?",
    disbursement_id: "integer?",
    paid_on: "text?",
    recorded_by: "text",
    created_at: "text",
  },
  applicant_sign_in_links: {
    id: "integer",
    email_key: "text",
    token_hash: "text",
    created_at: "text",
    expires_at: "text",
    used_at: "text?",
  },
  applicant_sessions: { id: "text", email_key: "text", created_at: "text", expires_at: "text" },
  api_tokens: {
    id: "integer",
    admin_id: "integer",
    token_hash: "text",
    created_at: "text",
    expires_at: "text",
    name: "text",
    kind: "text",
    last_used_at: "text?",
  },
  staff_invitations: {
    id: "integer",
    email: "text",
    name: "text",
    roles: "text",
    token_hash: "text",
    invited_by: "integer?",
    created_at: "text",
    expires_at: "text",
    used_at: "text?",
    admin_id: "integer?",
  },
  staff_password_resets: {
    id: "integer",
    admin_id: "integer",
    token_hash: "text",
    created_at: "text",
    expires_at: "text",
    used_at: "text?",
  },
  settings: { id: "integer", key: "text", value: "text", description: "text", updated_at: "text" },
  stories: {
    id: "integer",
    title: "text",
    summary: "text",
    content: "text",
    is_active: "integer",
    is_featured: "integer",
    video_url: "text",
    image_filename: "text",
    created_at: "text",
    updated_at: "text",
  },
  events: {
    id: "integer",
    title: "text",
    description: "text",
    date: "text",
    location: "text",
    image: "text",
    created_at: "text",
    updated_at: "text",
  },
  contact_submissions: {
    id: "integer",
    name: "text",
    email: "text",
    message: "text",
    submitted_at: "text",
    resolved: "integer",
  },
  volunteer_signups: { id: "integer", name: "text", email: "text", interest: "text", submitted_at: "text" },
  donations: {
    id: "integer",
    name: "text",
    email: "text",
    amount_cents: "integer",
    frequency: "text",
    purpose: "text",
    donated_at: "text",
    subscription_id: "integer?",
    stripe_checkout_session_id: "text?",
    stripe_payment_intent_id: "text?",
    stripe_invoice_id: "text?",
    payment_method: "text",
    recorded_by: "text",
    is_test: "integer",
    receipt_token: "text?",
    fund_id: "integer",
    designation: "text",
    appeal_id: "integer?",
    anonymous: "integer",
    fee_cover_cents: "integer",
    tribute_kind: "text",
    tribute_name: "text",
    tribute_email: "text",
    fee_fund_id: "integer?",
  },
  subscriptions: {
    id: "integer",
    name: "text",
    email: "text",
    amount_cents: "integer",
    purpose: "text",
    interval: "text",
    payment_day: "integer",
    payment_month: "integer",
    status: "text",
    next_payment_date: "text?",
    created_at: "text",
    updated_at: "text",
    stripe_subscription_id: "text?",
    stripe_customer_id: "text?",
    stripe_checkout_session_id: "text?",
    is_test: "integer",
    provider_state_at: "integer",
    canceled_at: "text?",
    fund_id: "integer",
    appeal_id: "integer?",
    anonymous: "integer",
    fee_cover_cents: "integer",
    tribute_kind: "text",
    tribute_name: "text",
    tribute_email: "text",
    resumes_at: "text?",
    next_retry_at: "text?",
    default_payment_method: "text?",
  },
  testimonials: {
    id: "integer",
    name: "text",
    country: "text",
    text: "text",
    rating: "integer",
    video_url: "text",
    category: "text",
    is_approved: "integer",
    image_filename: "text",
    created_at: "text",
    updated_at: "text",
  },
  newsletter_subscribers: {
    id: "integer",
    email: "text",
    subscribed_at: "text",
    status: "text",
    confirm_token: "text?",
    unsubscribe_token: "text?",
    confirmed_at: "text?",
    unsubscribed_at: "text?",
  },
  processed_provider_events: { id: "text", type: "text", processed_at: "text" },
  donors: {
    is_test: "integer",
    donor_key: "text",
    name: "text",
    email: "text",
    total_cents: "integer",
    gift_count: "integer",
  },
  donation_totals: { is_test: "integer", total_cents: "integer", gift_count: "integer", donor_count: "integer" },
  sandbox_objects: { id: "text", type: "text", data: "text", created: "integer" },
  outbound_mail: {
    id: "integer",
    kind: "text",
    dedupe_key: "text?",
    to_address: "text",
    subject: "text",
    text_body: "text",
    html_body: "text",
    headers: "text",
    status: "text",
    attempts: "integer",
    next_attempt_at: "text",
    last_error: "text",
    message_id: "text",
    created_at: "text",
    sent_at: "text?",
    sealed: "integer",
  },
  giving_sign_in_links: {
    id: "integer",
    email: "text",
    token_hash: "text",
    created_at: "text",
    expires_at: "text",
    used_at: "text?",
  },
  funds: {
    id: "integer",
    slug: "text",
    name: "text",
    purpose: "text",
    description: "text",
    kind: "text",
    sort_order: "integer",
    archived_at: "text?",
    received_cents: "integer",
    gift_count: "integer",
    disbursed_cents: "integer",
    created_at: "text",
    updated_at: "text",
  },
  fund_daily_receipts: { fund_id: "integer", day: "text", received_cents: "integer", gift_count: "integer" },
  disbursements: {
    id: "integer",
    kind: "text",
    fund_id: "integer",
    amount_cents: "integer",
    disbursed_on: "text",
    category: "text?",
    programme: "text",
    region: "text",
    description: "text",
    proof_filename: "text",
    reverses_id: "integer?",
    recorded_by: "text",
    recorded_at: "text",
    requested_by: "text",
    approved_by: "text",
    approved_at: "text?",
  },
  disbursement_requests: {
    id: "integer",
    kind: "text",
    fund_id: "integer",
    amount_cents: "integer",
    disbursed_on: "text",
    category: "text?",
    programme: "text",
    region: "text",
    description: "text",
    proof_filename: "text",
    reverses_id: "integer?",
    requested_by: "text",
    requested_by_id: "integer?",
    requested_at: "text",
    status: "text",
    decided_by: "text",
    decided_at: "text?",
    reason: "text",
    entry_id: "integer?",
  },
  rates: {
    id: "integer",
    rate_key: "text",
    amount_cents: "integer",
    effective_on: "text",
    authority: "text",
    note: "text",
    to_confirm: "integer",
    recorded_by: "text",
    recorded_at: "text",
  },
  zakat_policy: {
    id: "integer",
    body: "text",
    is_template: "integer",
    kaffarah_per_fast: "integer",
    updated_by: "text",
    updated_at: "text",
  },
  eid_dates: { hijri_year: "integer", eid_al_fitr_on: "text", set_by: "text", set_at: "text" },
  appeals: {
    id: "integer",
    slug: "text",
    title: "text",
    summary: "text",
    story: "text",
    story_format: "text",
    image_filename: "text",
    video_url: "text",
    fund_id: "integer",
    goal_cents: "integer?",
    preset_amounts: "text",
    starts_on: "text",
    ends_on: "text?",
    status: "text",
    is_featured: "integer",
    went_live_at: "text?",
    created_at: "text",
    updated_at: "text",
  },
  appeal_slugs: { slug: "text", appeal_id: "integer?" },
  rate_limits: { key: "text", hits: "integer", resets_at: "text" },
  list_counts: { list: "text", value: "text", is_test: "integer", n: "integer" },
  subscription_totals: {
    status: "text",
    interval: "text",
    paused: "integer",
    is_test: "integer",
    gifts: "integer",
    amount_cents: "integer",
  },
  appeal_totals: { appeal_id: "integer", is_test: "integer", raised_cents: "integer", gift_count: "integer" },
  subscription_changes: {
    id: "integer",
    subscription_id: "integer",
    kind: "text",
    from_cents: "integer?",
    to_cents: "integer?",
    resumes_at: "text?",
    actor: "text",
    actor_name: "text",
    happened_at: "text",
    provider_event_id: "text?",
  },
  recurring_payment_troubles: {
    id: "integer",
    subscription_id: "integer",
    stripe_invoice_id: "text",
    amount_cents: "integer",
    attempts: "integer",
    failed_at: "text",
    recovered_at: "text?",
    lost_at: "text?",
    card_link_hash: "text?",
    is_test: "integer",
  },
  zakat_reminders: {
    id: "integer",
    email: "text",
    calculated_on: "text",
    calculated_hijri: "text",
    due_on: "text",
    remind_on: "text",
    kept_figures: "text?",
    confirm_token_hash: "text?",
    confirmed_at: "text?",
    stop_token_hash: "text?",
    figures_token_hash: "text?",
    stopped_at: "text?",
    reminded_for: "text?",
    reminded_at: "text?",
    created_at: "text",
  },
  ramadan_schedules: {
    id: "integer",
    name: "text",
    email: "text",
    plan: "text",
    per_night_cents: "integer",
    double_odd_nights: "integer",
    purpose: "text",
    fund_id: "integer",
    anonymous: "integer",
    status: "text",
    provider_customer_id: "text?",
    payment_method_id: "text?",
    setup_session_id: "text?",
    is_test: "integer",
    hijri_year: "integer",
    first_night: "text?",
    created_at: "text",
    activated_at: "text?",
    stopped_at: "text?",
    stopped_by: "text",
  },
  ramadan_nights: {
    id: "integer",
    schedule_id: "integer",
    number: "integer",
    evening: "text",
    amount_cents: "integer",
    status: "text",
    attempts: "integer",
    claimed_until: "text?",
    next_attempt_at: "text?",
    idempotency_key: "text?",
    payment_intent_id: "text?",
    donation_id: "integer?",
    charged_at: "text?",
    last_error: "text",
    failure_mailed: "integer",
    unanswered_sends: "integer",
  },
} satisfies SchemaMirror;

/**
 * Columns a later migration added to a table that already held rows: SQLite cannot add them
 * NOT NULL, so the database keeps them filled by triggers instead (a gift stored without a
 * fund takes its purpose's fund; setting one to NULL is refused). Tests below prove it.
 */
// applications.is_open is computed by the database from the state (a generated column, 0040).
const KEPT_FILLED_BY_TRIGGERS = new Set(["donations.fund_id", "subscriptions.fund_id", "applications.is_open"]);

/** Provider identifiers and page keys that must be UNIQUE, so a repeated event never makes a second row. */
const UNIQUE_COLUMNS: [table: keyof Database, column: string][] = [
  ["donations", "stripe_checkout_session_id"],
  ["donations", "stripe_payment_intent_id"],
  ["donations", "stripe_invoice_id"],
  ["donations", "receipt_token"],
  ["subscriptions", "stripe_subscription_id"],
  ["subscriptions", "stripe_checkout_session_id"],
  ["processed_provider_events", "id"],
  ["outbound_mail", "dedupe_key"],
  ["newsletter_subscribers", "email"],
  ["newsletter_subscribers", "confirm_token"],
  ["newsletter_subscribers", "unsubscribe_token"],
  ["admins", "username"],
  ["api_tokens", "token_hash"],
  ["giving_sign_in_links", "token_hash"],
  ["zakat_reminders", "confirm_token_hash"],
  ["zakat_reminders", "stop_token_hash"],
  ["zakat_reminders", "figures_token_hash"],
  ["ramadan_schedules", "setup_session_id"],
  ["settings", "key"],
  ["funds", "slug"],
  ["funds", "name"],
  ["funds", "purpose"],
  // A disbursement is reversed once at most.
  ["disbursements", "reverses_id"],
  // A request becomes at most one ledger entry.
  ["disbursement_requests", "entry_id"],
];

// ---------------------------------------------------------------------------------------
// Representative rows, written as the site would have written them. Each is inserted
// with the columns its table has at the moment (a column a later migration adds is left
// for that migration to fill), into the tables that exist then, parents first.

type Row = Record<string, string | number | null>;

/** A token of the site's own shape: URL-safe, `length` characters (22 for receipts, 32 for the newsletter). */
const token = (seed: string, length: number) => seed.padEnd(length, "0");

const FIXTURE: Record<string, Row[]> = {
  admins: [
    {
      id: 1,
      username: "Admin",
      password_hash: "scrypt$16384$8$1$c2FsdA$aGFzaA",
      created_at: "2026-01-02T09:00:00.000Z",
    },
  ],
  admin_sessions: [{ id: "session-1", admin_id: 1, data: '{"adminId":1}', expires_at: "2030-01-01T00:00:00.000Z" }],
  api_tokens: [{ id: 1, admin_id: 1, token_hash: "4f1c0ab2e9", expires_at: "2030-01-01T00:00:00.000Z" }],
  settings: [
    { key: "meals_provided", value: "1200", description: "Meals provided" },
    { key: "families_supported", value: "85", description: "Families supported" },
  ],
  stories: [
    {
      title: "Winter appeal",
      summary: "Blankets for 300 families",
      content: "<p>Thank you.</p>",
      is_active: 1,
      is_featured: 1,
    },
  ],
  events: [
    { title: "Iftar", description: "Community iftar", date: "2026-03-01T18:30", location: "Main hall", image: "" },
  ],
  testimonials: [
    { name: "Maryam", country: "UK", text: "Giving was easy.", rating: 5, category: "donor", is_approved: 1 },
  ],
  contact_submissions: [
    {
      name: "Omar Farouk",
      email: " Omar.Farouk@Example.ORG ",
      message: "Can I give in memory of my father?",
      submitted_at: "2026-02-01T10:00:00.000Z",
      resolved: 0,
    },
    {
      name: "Sara Ahmed",
      email: "sara@example.org",
      message: "Thank you!",
      submitted_at: "2026-02-02T10:00:00.000Z",
      resolved: 1,
    },
  ],
  volunteer_signups: [
    { name: "Yusuf Ali", email: "YUSUF@example.org", interest: "events", submitted_at: "2026-02-03T10:00:00.000Z" },
  ],
  subscriptions: [
    {
      id: 1,
      name: "Amina Yusuf",
      email: " Amina.Yusuf@Example.org ",
      amount_cents: 2500,
      purpose: "zakat",
      interval: "month",
      payment_day: 5,
      payment_month: 1,
      status: "active",
      next_payment_date: "2026-03-05",
      created_at: "2026-01-05T12:00:00.000Z",
      stripe_subscription_id: "sub_amina",
      stripe_customer_id: "cus_amina",
      stripe_checkout_session_id: "cs_sub_amina",
      provider_state_at: 1767614400,
      is_test: 0,
    },
    {
      id: 2,
      name: "Test Donor",
      email: "TEST@example.org",
      amount_cents: 1000,
      purpose: "",
      interval: "year",
      payment_day: 1,
      payment_month: 9,
      status: "canceled",
      created_at: "2026-01-06T12:00:00.000Z",
      stripe_subscription_id: "sub_test",
      stripe_checkout_session_id: "cs_sub_test",
      provider_state_at: 1767700800,
      canceled_at: "2026-01-07T12:00:00.000Z",
      is_test: 1,
    },
  ],
  donations: [
    {
      id: 1,
      name: "Amina Yusuf",
      email: "Amina.Yusuf@Example.org",
      amount_cents: 2500,
      frequency: "Monthly",
      purpose: "zakat",
      donated_at: "2026-01-05T12:00:00.000Z",
      subscription_id: 1,
      stripe_checkout_session_id: "cs_sub_amina",
      stripe_invoice_id: "in_amina_1",
      stripe_payment_intent_id: "pi_amina_1",
      receipt_token: token("rcpt-amina-1", 22),
    },
    {
      id: 2,
      name: "Amina Yusuf",
      email: " amina.yusuf@example.org ",
      amount_cents: 5000,
      frequency: "One-Time",
      purpose: "sadaqa",
      donated_at: "2026-02-05T12:00:00.000Z",
      stripe_checkout_session_id: "cs_amina_2",
      stripe_payment_intent_id: "pi_amina_2",
      receipt_token: token("rcpt-amina-2", 22),
    },
    {
      id: 3,
      name: "Bilal Haddad",
      email: "",
      amount_cents: 10000,
      frequency: "One-Time",
      donated_at: "2026-02-10T09:30:00.000Z",
      payment_method: "cash",
      recorded_by: "Admin",
      receipt_token: token("rcpt-bilal", 22),
    },
    {
      id: 4,
      name: "Yusuf Ali",
      email: "YUSUF@EXAMPLE.ORG",
      amount_cents: 7500,
      frequency: "Ramadan",
      purpose: "orphans",
      donated_at: "2026-03-01T20:00:00.000Z",
      stripe_checkout_session_id: "cs_yusuf",
      stripe_payment_intent_id: "pi_yusuf",
      receipt_token: token("rcpt-yusuf", 22),
    },
    {
      id: 5,
      name: "Test Donor",
      email: "TEST@example.org",
      amount_cents: 1000,
      frequency: "Annually",
      donated_at: "2026-01-06T12:00:00.000Z",
      subscription_id: 2,
      stripe_checkout_session_id: "cs_sub_test",
      stripe_invoice_id: "in_test_1",
      is_test: 1,
      receipt_token: token("rcpt-test", 22),
    },
  ],
  newsletter_subscribers: [
    {
      email: "Reader.One@Example.org",
      subscribed_at: "2026-01-10T08:00:00.000Z",
      status: "confirmed",
      unsubscribe_token: token("unsub-reader-one", 32),
      confirmed_at: "2026-01-10T08:05:00.000Z",
    },
    {
      email: " reader.two@example.org",
      subscribed_at: "2026-01-11T08:00:00.000Z",
      status: "pending",
      confirm_token: token("confirm-reader-two", 32),
    },
    {
      email: "READER.THREE@EXAMPLE.ORG",
      subscribed_at: "2026-01-12T08:00:00.000Z",
      status: "unsubscribed",
      unsubscribe_token: token("unsub-reader-three", 32),
      confirmed_at: "2026-01-12T08:05:00.000Z",
      unsubscribed_at: "2026-02-01T08:00:00.000Z",
    },
  ],
  processed_provider_events: [
    { id: "evt_1", type: "checkout.session.completed", processed_at: "2026-01-05T12:00:01.000Z" },
  ],
  sandbox_objects: [
    { id: "cs_test_sandbox_1", type: "checkout.session", data: '{"id":"cs_test_sandbox_1"}', created: 1767614400 },
  ],
  outbound_mail: [
    {
      kind: "receipt",
      dedupe_key: "receipt:1",
      to_address: "Amina.Yusuf@Example.org",
      subject: "Your receipt",
      text_body: "Thank you",
      html_body: "<p>Thank you</p>",
      status: "sent",
      attempts: 1,
      message_id: "<receipt-1@charity.example>",
      sent_at: "2026-01-05T12:00:05.000Z",
    },
    {
      kind: "staff_contact",
      dedupe_key: "contact:1",
      to_address: "staff@charity.example",
      subject: "New message",
      text_body: "Omar wrote",
      html_body: "<p>Omar wrote</p>",
      status: "kept",
      message_id: "<contact-1@charity.example>",
    },
  ],
  giving_sign_in_links: [
    {
      email: "amina.yusuf@example.org",
      token_hash: "link-hash-1",
      created_at: "2026-02-06T10:00:00.000Z",
      expires_at: "2026-02-06T10:30:00.000Z",
    },
  ],
  donor_sessions: [
    {
      id: "donor-session-1",
      email: "amina.yusuf@example.org",
      created_at: "2026-02-06T10:01:00.000Z",
      expires_at: "2026-02-06T11:01:00.000Z",
    },
  ],
};

// ---------------------------------------------------------------------------------------

let folder: string;
let databases = 0;
let migrationNames: string[];
let freshSchema: SchemaObject[];

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "charity-migrations-"));
  migrationNames = Object.keys(await migrationProvider.getMigrations());
  const fresh = emptyDatabase();
  try {
    await migrateToLatest(fresh);
    freshSchema = await schemaOf(fresh);
  } finally {
    await fresh.destroy();
  }
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A new, empty SQLite file opened as the site opens its own (WAL, foreign keys on). */
function emptyDatabase(): DB {
  databases += 1;
  return openDatabase(path.join(folder, `database-${databases}.sqlite`));
}

/** The previous release's database, as it shipped: built from the frozen SQL, not from today's migrations. */
function previousReleaseDatabase(): DB {
  databases += 1;
  const file = path.join(folder, `database-${databases}.sqlite`);
  const sqlite = new SQLite(file);
  try {
    sqlite.exec(readFileSync(PREVIOUS_RELEASE_SCHEMA, "utf8"));
  } finally {
    sqlite.close();
  }
  return openDatabase(file);
}

function migratorFor(db: DB): Migrator {
  return new Migrator({ db, provider: migrationProvider });
}

/** The migrations a run applied, by name; throws with the failing migration when one fails. */
function applied({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "(before any migration)";
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** The migration before `name`, or NO_MIGRATIONS for the first. */
function migrationBefore(name: string): string | typeof NO_MIGRATIONS {
  const index = migrationNames.indexOf(name);
  return index > 0 ? migrationNames[index - 1]! : NO_MIGRATIONS;
}

interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** Every table, index, trigger and view with the SQL that makes it. */
async function schemaOf(db: DB): Promise<SchemaObject[]> {
  const { rows } =
    await sql<SchemaObject>`select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(db);
  return rows;
}

async function columnsOf(
  db: DB,
  table: string,
): Promise<{ name: string; type: string; notnull: number; pk: number }[]> {
  const { rows } = await sql<{ name: string; type: string; notnull: number; pk: number }>`
    select name, type, "notnull", pk from pragma_table_xinfo(${table})
  `.execute(db);
  return rows;
}

/** Inserts the fixture with the tables and columns this database has now. */
async function fill(db: DB): Promise<void> {
  for (const [table, rows] of Object.entries(FIXTURE)) {
    const present = new Set((await columnsOf(db, table)).map((column) => column.name));
    if (present.size === 0) continue;
    for (const row of rows) {
      const entries = Object.entries(row).filter(([column]) => present.has(column));
      await sql`
        insert into ${sql.table(table)} (${sql.join(entries.map(([column]) => sql.ref(column)))})
        values (${sql.join(entries.map(([, value]) => value))})
      `.execute(db);
    }
  }
}

type Snapshot = Record<string, Row[]>;

/** Every row of every ordinary table (not the migrator's own, not full-text indexes). */
async function snapshot(db: DB): Promise<Snapshot> {
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' and sql not like 'create virtual table%'
      and not exists (
        select 1 from sqlite_master as fts
        where fts.type = 'table' and fts.sql like 'create virtual table%' and sqlite_master.name like fts.name || '_%'
      )
    order by name
  `.execute(db);
  const result: Snapshot = {};
  for (const { name } of tables) {
    // In primary-key order (donors has no rowid), so rows line up before and after.
    const key = (await columnsOf(db, name)).filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
    const order = key.length ? sql.join(key.map((column) => sql.ref(column.name))) : sql`rowid`;
    result[name] = (await sql<Row>`select * from ${sql.table(name)} order by ${order}`.execute(db)).rows;
  }
  return result;
}

/** Kept by triggers from the gifts: checked as totals in expectSoundLatest, not row by row. */
const DERIVED_TABLES = new Set(["donors", "donation_totals"]);

/**
 * Every row there before is there after (found by its primary key), with every column it
 * had keeping its value exactly. One change is expected, and then exactly: when the
 * upgrade ran NORMAL_FORM_MIGRATION, a donor email (DONOR_EMAIL_TABLES) is in the app's
 * normal form (normalEmail); every other address (messages, volunteers, mail) is as it
 * was. New tables, new columns and new rows are free.
 */
async function expectRowsKept(db: DB, beforeUpgrade: Snapshot, afterUpgrade: Snapshot, ran: string[]): Promise<void> {
  const normalised = new Set<string>(ran.includes(NORMAL_FORM_MIGRATION) ? DONOR_EMAIL_TABLES : []);
  for (const [table, rows] of Object.entries(beforeUpgrade)) {
    if (DERIVED_TABLES.has(table)) continue;
    const after = afterUpgrade[table];
    expect(after, `table ${table} is kept`).toBeDefined();
    const primaryKey = (await columnsOf(db, table)).filter((column) => column.pk > 0).map((column) => column.name);
    // A table without one (application_match_keys: rows found by their hash) is matched on every column it had.
    const key = primaryKey.length ? primaryKey : Object.keys(rows[0] ?? {});
    const expected = (row: Row): Row =>
      normalised.has(table) && typeof row.email === "string" ? { ...row, email: normalEmail(row.email) } : row;
    for (const row of rows) {
      const found = after!.find((candidate) => key.every((column) => candidate[column] === row[column]));
      const name = `${table} row ${JSON.stringify(Object.fromEntries(key.map((column) => [column, row[column]])))}`;
      expect(found, `${name} is kept`).toBeDefined();
      const columns = Object.keys(row).filter((column) => found![column] !== undefined);
      const pick = (from: Row) => Object.fromEntries(columns.map((column) => [column, from[column]]));
      expect(pick(found!), name).toEqual(pick(expected(row)));
    }
  }
}

/** Every donor email, in every table that holds one, is trimmed and lower-cased: found by a plain comparison. */
async function expectDonorEmailsInNormalForm(db: DB): Promise<void> {
  for (const table of DONOR_EMAIL_TABLES) {
    const { rows } = await sql<{ email: string }>`
      select email from ${sql.table(table)} where email collate binary <> lower(trim(email))
    `.execute(db);
    expect(rows, `emails of ${table} not in normal form`).toEqual([]);
    const { rows: all } = await sql<{ email: string }>`select email from ${sql.table(table)}`.execute(db);
    for (const { email } of all) expect(email, `an email of ${table}`).toBe(normalEmail(email));
  }
}

/** What must hold of any database at the newest migration, data or not. */
async function expectSoundLatest(db: DB): Promise<void> {
  expect(await schemaOf(db)).toEqual(freshSchema);
  expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows).toEqual([
    { integrity_check: "ok" },
  ]);
  expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);

  // Running totals, kept by triggers since 0002, agree with the gifts themselves.
  const { rows: totals } = await sql<{ is_test: number; total_cents: number; gift_count: number; donor_count: number }>`
    select is_test, total_cents, gift_count, donor_count from donation_totals order by is_test
  `.execute(db);
  const { rows: counted } = await sql<{
    is_test: number;
    total_cents: number;
    gift_count: number;
    donor_count: number;
  }>`
    select t.is_test,
      (select coalesce(sum(amount_cents), 0) from donations where is_test = t.is_test) as total_cents,
      (select count(*) from donations where is_test = t.is_test) as gift_count,
      (select count(*) from donors where is_test = t.is_test) as donor_count
    from donation_totals as t order by t.is_test
  `.execute(db);
  expect(totals).toEqual(counted);
  expect(totals.map((row) => row.is_test)).toEqual([0, 1]);

  // Each staff list's kept counts (0022, begun from the rows already there) are its rows'.
  const kept = await db
    .selectFrom("list_counts")
    .select(["list", "value", "is_test", "n"])
    .where("n", "<>", 0)
    .execute();
  const fromRows = [];
  for (const list of COUNTED_LISTS) fromRows.push(...(await countedFromRows(list).execute(db)).rows);
  const byKey = (rows: { list: string; value: string; is_test: number; n: number }[]) =>
    rows.map((row) => `${row.list}|${row.value}|${row.is_test}=${row.n}`).sort();
  expect(byKey(kept)).toEqual(byKey(fromRows));
  // And the Subscriptions summary (0024).
  const { rows: summaryKept } = await sql<Record<string, number | string>>`
    select status, interval, paused, is_test, gifts, amount_cents as cents from subscription_totals where gifts <> 0 order by 1, 2, 3, 4`.execute(
    db,
  );
  const { rows: summaryFromRows } = await sql<Record<string, number | string>>`
    select status, interval, case when resumes_at is null then 0 else 1 end as paused, is_test, count(*) as gifts, sum(amount_cents) as cents
    from subscriptions group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(db);
  expect(summaryKept).toEqual(summaryFromRows);

  // Every gift and recurring gift is in a fund, and each fund's money in, kept by triggers
  // since 0010, is its live gifts' (never a test payment's), in total and day by day.
  for (const table of ["donations", "subscriptions"] as const) {
    const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)} where fund_id is null`.execute(db);
    expect(rows, `${table} without a fund`).toEqual([]);
  }
  const { rows: fundFigures } = await sql<{ slug: string; received_cents: number; gift_count: number }>`
    select slug, received_cents, gift_count from funds order by id
  `.execute(db);
  const { rows: fundGifts } = await sql<{ slug: string; received_cents: number; gift_count: number }>`
    select slug,
      (select coalesce(sum(amount_cents), 0) from donations where fund_id = funds.id and is_test = 0) as received_cents,
      (select count(*) from donations where fund_id = funds.id and is_test = 0) as gift_count
    from funds order by id
  `.execute(db);
  expect(fundFigures).toEqual(fundGifts);
  const { rows: days } =
    await sql`select fund_id, day, received_cents, gift_count from fund_daily_receipts order by fund_id, day`.execute(
      db,
    );
  const { rows: giftDays } = await sql`
    select fund_id, substr(donated_at, 1, 10) as day, sum(amount_cents) as received_cents, count(*) as gift_count
    from donations where is_test = 0 group by fund_id, substr(donated_at, 1, 10) order by fund_id, day
  `.execute(db);
  expect(days).toEqual(giftDays);

  // Every gift has its own receipt address; every confirmed reader a way to leave.
  const gifts = await db.selectFrom("donations").select(["id", "receipt_token"]).execute();
  for (const gift of gifts)
    expect(gift.receipt_token, `receipt token of gift ${gift.id}`).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(new Set(gifts.map((gift) => gift.receipt_token)).size).toBe(gifts.length);
  const readers = await db
    .selectFrom("newsletter_subscribers")
    .select(["email", "status", "unsubscribe_token"])
    .execute();
  for (const reader of readers.filter((row) => row.status !== "pending")) {
    expect(reader.unsubscribe_token, `leave link of ${reader.email}`).toMatch(/^[A-Za-z0-9_-]{32}$/);
  }
}

// ---------------------------------------------------------------------------------------

describe("migrations", () => {
  it("are listed in order, each with a distinct number", () => {
    expect(migrationNames.length).toBeGreaterThan(0);
    expect(migrationNames).toEqual([...migrationNames].sort());
    const numbers = migrationNames.map((name) => Number(/^(\d{4})_[a-z0-9_]+$/.exec(name)?.[1]));
    expect(numbers.every(Number.isInteger), `names like 0001_initial: ${migrationNames.join(", ")}`).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(migrationNames).toContain(PREVIOUS_RELEASE);
  });

  it("build on an empty database exactly the tables db/schema.ts describes", async () => {
    const db = emptyDatabase();
    try {
      expect(applied(await migratorFor(db).migrateToLatest())).toEqual(migrationNames);

      for (const [table, expected] of Object.entries(EXPECTED_COLUMNS)) {
        const columns = await columnsOf(db, table);
        expect(columns.length, `table ${table} exists`).toBeGreaterThan(0);
        const declared = Object.fromEntries(
          columns.map((column) => [
            column.name,
            `${column.type.toLowerCase()}${column.notnull || column.pk || KEPT_FILLED_BY_TRIGGERS.has(`${table}.${column.name}`) ? "" : "?"}`,
          ]),
        );
        expect(declared, `columns of ${table}`).toEqual(expected);
      }
      // And no table the Database interface does not know (the migrator's and full-text indexes aside).
      expect(Object.keys(await snapshot(db)).sort()).toEqual(Object.keys(EXPECTED_COLUMNS).sort());

      for (const [table, column] of UNIQUE_COLUMNS) {
        const { rows } = await sql<{ unique_columns: string }>`
          select (select group_concat(info.name) from pragma_index_info(list.name) as info) as unique_columns
          from pragma_index_list(${table}) as list where list."unique" = 1
        `.execute(db);
        expect(
          rows.map((row) => row.unique_columns),
          `${table}.${column} is UNIQUE`,
        ).toContain(column);
      }
      await expectSoundLatest(db);
    } finally {
      await db.destroy();
    }
  });

  it("is the same whether run by the site's migrateToLatest or step by step", async () => {
    const db = emptyDatabase();
    try {
      const migrator = migratorFor(db);
      for (const name of migrationNames) expect(applied(await migrator.migrateTo(name))).toEqual([name]);
      expect(await schemaOf(db)).toEqual(freshSchema);
    } finally {
      await db.destroy();
    }
  });

  it("run twice change nothing the second time", async () => {
    const db = emptyDatabase();
    try {
      await migrateToLatest(db);
      await fill(db);
      const first = await snapshot(db);
      expect(applied(await migratorFor(db).migrateToLatest())).toEqual([]);
      await migrateToLatest(db);
      expect(await snapshot(db)).toEqual(first);
      expect(await schemaOf(db)).toEqual(freshSchema);
    } finally {
      await db.destroy();
    }
  });

  it(`as far as the previous release (${PREVIOUS_RELEASE}), still build the database that release shipped`, async () => {
    const released = previousReleaseDatabase();
    const rebuilt = emptyDatabase();
    try {
      applied(await migratorFor(rebuilt).migrateTo(PREVIOUS_RELEASE));
      // A landed migration edited so that it builds something else fails here, by name of the object.
      expect(await schemaOf(rebuilt)).toEqual(await schemaOf(released));
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(released);
      expect(rows.map((row) => row.name)).toEqual(
        migrationNames.slice(0, migrationNames.indexOf(PREVIOUS_RELEASE) + 1),
      );
    } finally {
      await released.destroy();
      await rebuilt.destroy();
    }
  });

  it(`carry the previous release's database (${PREVIOUS_RELEASE}, frozen) with its data to the newest schema`, async () => {
    const db = previousReleaseDatabase();
    try {
      await fill(db);
      const beforeUpgrade = await snapshot(db);
      // The release had every table the fixture fills, each with every row.
      for (const [table, rows] of Object.entries(FIXTURE))
        expect(beforeUpgrade[table], `${table} at ${PREVIOUS_RELEASE}`).toHaveLength(rows.length);

      const ran = applied(await migratorFor(db).migrateToLatest());
      expect(ran).toEqual(migrationNames.slice(migrationNames.indexOf(PREVIOUS_RELEASE) + 1));
      const afterUpgrade = await snapshot(db);
      await expectRowsKept(db, beforeUpgrade, afterUpgrade, ran);
      await expectSoundLatest(db);
      await expectDonorEmailsInNormalForm(db);

      // A donor's gifts, recurring gifts, sign-in links and views are found by a plain comparison.
      const amina = normalEmail("AMINA.YUSUF@example.org");
      const found = async (table: (typeof DONOR_EMAIL_TABLES)[number]) =>
        (await sql<{ email: string }>`select email from ${sql.table(table)} where email = ${amina}`.execute(db)).rows
          .length;
      expect(await found("donations")).toBe(2);
      expect(await found("subscriptions")).toBe(1);
      expect(await found("giving_sign_in_links")).toBe(1);
      expect(await found("donor_sessions")).toBe(1);
      expect(await found("donors")).toBe(1);
      const figures = await db
        .selectFrom("donation_totals")
        .selectAll()
        .where("is_test", "=", 0)
        .executeTakeFirstOrThrow();
      expect(figures).toEqual({ is_test: 0, total_cents: 2500 + 5000 + 10000 + 7500, gift_count: 4, donor_count: 3 });
      // Readers keep their word: the one who left is still unsubscribed.
      const readers = await db.selectFrom("newsletter_subscribers").select(["email", "status"]).orderBy("id").execute();
      expect(readers).toEqual([
        { email: "reader.one@example.org", status: "confirmed" },
        { email: "reader.two@example.org", status: "pending" },
        { email: "reader.three@example.org", status: "unsubscribed" },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it(`carry an older release's database (${OLDER_RELEASE}) with its data to the newest schema, filling what later migrations added`, async () => {
    const db = emptyDatabase();
    try {
      applied(await migratorFor(db).migrateTo(OLDER_RELEASE));
      await fill(db);
      const beforeUpgrade = await snapshot(db);
      expect(beforeUpgrade.donations).toHaveLength(FIXTURE.donations!.length);
      expect(beforeUpgrade.newsletter_subscribers).toHaveLength(FIXTURE.newsletter_subscribers!.length);

      const ran = applied(await migratorFor(db).migrateToLatest());
      expect(ran).toEqual(migrationNames.slice(migrationNames.indexOf(OLDER_RELEASE) + 1));
      const afterUpgrade = await snapshot(db);
      await expectRowsKept(db, beforeUpgrade, afterUpgrade, ran);
      await expectSoundLatest(db);
      await expectDonorEmailsInNormalForm(db);

      // 0005: gifts made before receipts existed get an unguessable, URL-safe token each.
      const tokens = afterUpgrade.donations!.map((gift) => gift.receipt_token);
      expect(tokens).toHaveLength(5);
      for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(new Set(tokens).size).toBe(tokens.length);

      // 0007: addresses given under single opt-in stay subscribed, confirmed when they subscribed.
      const readers = await db.selectFrom("newsletter_subscribers").selectAll().orderBy("id").execute();
      expect(readers).toHaveLength(3);
      for (const reader of readers) {
        expect(reader).toMatchObject({
          status: "confirmed",
          confirmed_at: reader.subscribed_at,
          confirm_token: null,
          unsubscribed_at: null,
        });
        expect(reader.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      }
      expect(new Set(readers.map((reader) => reader.unsubscribe_token)).size).toBe(3);

      // A donor's gifts are found in any letter case (0006's index), whatever spaces the old rows kept.
      const amina = await db
        .selectFrom("donations")
        .select("id")
        .where(sql<boolean>`trim(email) = ${"AMINA.YUSUF@example.org"} collate nocase`)
        .orderBy("id")
        .execute();
      expect(amina.map((gift) => gift.id)).toEqual([1, 2]);
      const figures = await db
        .selectFrom("donation_totals")
        .selectAll()
        .where("is_test", "=", 0)
        .executeTakeFirstOrThrow();
      // Amina (two spellings of one address: one donor), Bilal (by name) and Yusuf; the test gift is apart.
      expect(figures).toEqual({ is_test: 0, total_cents: 2500 + 5000 + 10000 + 7500, gift_count: 4, donor_count: 3 });

      // The new tables are there and empty; the site can write to them.
      expect(afterUpgrade.outbound_mail).toEqual([]);
      expect(afterUpgrade.giving_sign_in_links).toEqual([]);
      expect(afterUpgrade.donor_sessions).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it("carry a database left at each earlier migration, with data, to the newest schema", async () => {
    for (const name of migrationNames) {
      const start = migrationBefore(name);
      const db = emptyDatabase();
      try {
        applied(await migratorFor(db).migrateTo(start));
        await fill(db);
        const beforeUpgrade = await snapshot(db);
        for (const [table, rows] of Object.entries(FIXTURE)) {
          if (beforeUpgrade[table])
            expect(beforeUpgrade[table], `${table} filled at ${String(start)}`).toHaveLength(rows.length);
        }
        const ran = applied(await migratorFor(db).migrateToLatest());
        expect(ran[0], `from ${String(start)}`).toBe(name);
        await expectRowsKept(db, beforeUpgrade, await snapshot(db), ran);
        if (ran.includes(NORMAL_FORM_MIGRATION)) await expectDonorEmailsInNormalForm(db);
        await expectSoundLatest(db);
        expect(applied(await migratorFor(db).migrateToLatest())).toEqual([]);
      } catch (error) {
        throw new Error(
          `Upgrading a database left before ${name}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      } finally {
        await db.destroy();
      }
    }
  }, 60_000); // one upgrade per migration: seconds on a busy machine
});

describe(`migration ${NORMAL_FORM_MIGRATION}`, () => {
  it("leaves every donor email in one form, one newsletter row per address, and whoever left still left", async () => {
    const db = previousReleaseDatabase();
    try {
      const gift = {
        name: "Bilal Haddad",
        amount_cents: 2500,
        frequency: "One-Time",
        donated_at: "2026-01-05T10:00:00.000Z",
      } as const;
      await db
        .insertInto("donations")
        .values([
          { ...gift, email: " Bilal@Example.org", receipt_token: token("rcpt-bilal-1", 22) },
          { ...gift, email: "BILAL@example.org ", receipt_token: token("rcpt-bilal-2", 22) },
        ])
        .execute();
      await db
        .insertInto("subscriptions")
        .values({
          name: "Bilal Haddad",
          email: "  Bilal@Example.ORG",
          amount_cents: 1000,
          interval: "month",
          payment_day: 5,
          status: "active",
        })
        .execute();
      await db
        .insertInto("giving_sign_in_links")
        .values({
          email: " Bilal@example.org",
          token_hash: "link-hash-bilal",
          created_at: "2026-01-06T10:00:00.000Z",
          expires_at: "2026-01-06T10:30:00.000Z",
        })
        .execute();
      await db
        .insertInto("donor_sessions")
        .values({
          id: "donor-session-bilal",
          email: "BILAL@EXAMPLE.ORG",
          created_at: "2026-01-06T10:01:00.000Z",
          expires_at: "2026-01-06T11:01:00.000Z",
        })
        .execute();

      // Unique in any letter case, but not with spaces around: each group below met in one form.
      const reader = (
        id: number,
        email: string,
        subscribed_at: string,
        status: "pending" | "confirmed" | "unsubscribed",
        at = subscribed_at,
      ) => ({
        id,
        email,
        subscribed_at,
        status,
        confirm_token: status === "pending" ? token(`confirm-${id}-`, 32) : null,
        unsubscribe_token: token(`unsub-${id}-`, 32),
        confirmed_at: status === "pending" ? null : subscribed_at,
        unsubscribed_at: status === "unsubscribed" ? at : null,
      });
      await db
        .insertInto("newsletter_subscribers")
        .values([
          // Both confirmed: the row in normal form is kept, though newer; the other would have been mailed twice.
          reader(1, "a@x.org", "2026-01-01T08:00:00.000Z", "confirmed"),
          reader(2, " a@x.org", "2025-12-01T08:00:00.000Z", "confirmed"),
          // The row in normal form is confirmed, its twin left: kept, and left.
          reader(3, "b@x.org", "2025-11-01T08:00:00.000Z", "confirmed"),
          reader(4, " B@x.org", "2025-12-01T08:00:00.000Z", "unsubscribed", "2026-02-01T08:00:00.000Z"),
          // None in normal form: the oldest is kept, and it left because one of the three did.
          reader(5, "C@x.org ", "2025-06-01T08:00:00.000Z", "confirmed"),
          reader(6, " c@x.org", "2025-07-01T08:00:00.000Z", "unsubscribed", "2026-03-01T08:00:00.000Z"),
          reader(7, "  c@X.org", "2025-08-01T08:00:00.000Z", "pending"),
          // Pending in normal form, confirmed with spaces: kept, and confirmed.
          reader(8, "d@x.org", "2026-01-02T08:00:00.000Z", "pending"),
          reader(9, " d@x.org", "2026-01-01T08:00:00.000Z", "confirmed"),
          // Alone: only its form changes.
          reader(10, " E@x.org", "2026-01-03T08:00:00.000Z", "pending"),
          // Left in normal form, confirmed with spaces: kept as it left.
          reader(11, "f@x.org", "2025-05-01T08:00:00.000Z", "unsubscribed", "2025-09-01T08:00:00.000Z"),
          reader(12, " f@x.org", "2025-10-01T08:00:00.000Z", "confirmed"),
        ])
        .execute();

      const ran = applied(await migratorFor(db).migrateToLatest());
      expect(ran).toContain(NORMAL_FORM_MIGRATION);
      await expectSoundLatest(db);
      await expectDonorEmailsInNormalForm(db);

      for (const table of ["donations", "subscriptions", "giving_sign_in_links", "donor_sessions"] as const) {
        const rows = await db.selectFrom(table).select("email").execute();
        expect(
          rows.map((row) => row.email),
          table,
        ).toEqual(table === "donations" ? ["bilal@example.org", "bilal@example.org"] : ["bilal@example.org"]);
      }
      expect(await db.selectFrom("donors").select(["email", "gift_count"]).execute()).toEqual([
        { email: "bilal@example.org", gift_count: 2 },
      ]);

      const readers = await db
        .selectFrom("newsletter_subscribers")
        .select(["id", "email", "status", "confirm_token", "unsubscribe_token", "confirmed_at", "unsubscribed_at"])
        .orderBy("id")
        .execute();
      expect(readers).toEqual([
        { ...reader(1, "a@x.org", "2026-01-01T08:00:00.000Z", "confirmed"), subscribed_at: undefined },
        {
          ...reader(3, "b@x.org", "2025-11-01T08:00:00.000Z", "confirmed"),
          status: "unsubscribed",
          unsubscribed_at: "2026-02-01T08:00:00.000Z",
          subscribed_at: undefined,
        },
        {
          ...reader(5, "c@x.org", "2025-06-01T08:00:00.000Z", "confirmed"),
          status: "unsubscribed",
          unsubscribed_at: "2026-03-01T08:00:00.000Z",
          subscribed_at: undefined,
        },
        {
          ...reader(8, "d@x.org", "2026-01-02T08:00:00.000Z", "pending"),
          status: "confirmed",
          confirm_token: null,
          confirmed_at: "2026-01-01T08:00:00.000Z",
          subscribed_at: undefined,
        },
        { ...reader(10, "e@x.org", "2026-01-03T08:00:00.000Z", "pending"), subscribed_at: undefined },
        {
          ...reader(11, "f@x.org", "2025-05-01T08:00:00.000Z", "unsubscribed", "2025-09-01T08:00:00.000Z"),
          subscribed_at: undefined,
        },
      ]);
      // The app's lookup finds each address however it is typed, and only the two who stayed are mailed.
      for (const typed of [" A@X.org", "b@x.org ", "C@X.ORG", " d@x.org", "e@X.org", "F@x.org"]) {
        const found = await db
          .selectFrom("newsletter_subscribers")
          .select("id")
          .where("email", "=", normalEmail(typed))
          .execute();
        expect(found, typed).toHaveLength(1);
      }
      const mailed = await db
        .selectFrom("newsletter_subscribers")
        .select("email")
        .where("status", "=", "confirmed")
        .orderBy("email")
        .execute();
      expect(mailed.map((row) => row.email)).toEqual(["a@x.org", "d@x.org"]);
    } finally {
      await db.destroy();
    }
  });
});

describe("migration 0010_funds", () => {
  /** The fund (by slug) of each gift or recurring gift, in id order. */
  const fundsOf = async (db: DB, table: "donations" | "subscriptions") =>
    (
      await sql<{ slug: string }>`
        select funds.slug from ${sql.table(table)} join funds on funds.id = ${sql.ref(`${table}.fund_id`)} order by ${sql.ref(`${table}.id`)}
      `.execute(db)
    ).rows.map((row) => row.slug);

  it("puts every gift and recurring gift of the previous release in the fund of its purpose, counting live gifts only", async () => {
    const db = previousReleaseDatabase();
    try {
      const gifts: [purpose: string, cents: number, isTest: 0 | 1, day: string][] = [
        ["Zakat", 10_000, 0, "2026-01-05"],
        ["zakat", 2_500, 0, "2026-01-05"],
        ["General Donation", 5_000, 0, "2026-01-06"],
        ["Orphan Care", 7_000, 0, "2026-01-07"],
        ["Orphan Care", 99_900, 1, "2026-01-07"],
        ["Emergency Relief", 4_000, 0, "2026-01-08"],
        ["Winter Coats 2019", 1_200, 0, "2026-01-09"],
        ["", 300, 0, "2026-01-09"],
        ["Zakat", 50_000, 1, "2026-01-10"],
      ];
      for (const [n, [purpose, amount_cents, is_test, day]] of gifts.entries()) {
        await db
          .insertInto("donations")
          .values({
            name: `Donor ${n}`,
            email: `donor${n}@example.org`,
            amount_cents,
            frequency: "One-Time",
            purpose,
            is_test,
            donated_at: `${day}T10:00:00.000Z`,
            receipt_token: token(`rcpt-fund-${n}`, 22),
          })
          .execute();
      }
      for (const [n, purpose] of ["Zakat", "General Donation", "Orphan Care", "An appeal long closed"].entries()) {
        await db
          .insertInto("subscriptions")
          .values({
            name: `Donor ${n}`,
            email: `donor${n}@example.org`,
            amount_cents: 1_000,
            purpose,
            interval: "month",
            payment_day: 5,
            status: "active",
          })
          .execute();
      }

      expect(applied(await migratorFor(db).migrateToLatest())).toContain("0010_funds");
      await expectSoundLatest(db);

      expect(await fundsOf(db, "donations")).toEqual([
        "zakat-al-mal",
        "zakat-al-mal",
        "sadaqa",
        "orphan-care",
        "orphan-care",
        "emergency-relief",
        "sadaqa",
        "sadaqa",
        "zakat-al-mal",
      ]);
      expect(await fundsOf(db, "subscriptions")).toEqual(["zakat-al-mal", "sadaqa", "orphan-care", "sadaqa"]);
      // Purposes are kept as they were: the API still shows them.
      expect(
        (await db.selectFrom("donations").select("purpose").orderBy("id").execute()).map((row) => row.purpose),
      ).toEqual(gifts.map(([purpose]) => purpose));

      const figures = await db
        .selectFrom("funds")
        .select(["slug", "received_cents", "gift_count", "disbursed_cents"])
        .where("received_cents", ">", 0)
        .orderBy("id")
        .execute();
      expect(figures).toEqual([
        { slug: "sadaqa", received_cents: 5_000 + 1_200 + 300, gift_count: 3, disbursed_cents: 0 },
        { slug: "zakat-al-mal", received_cents: 10_000 + 2_500, gift_count: 2, disbursed_cents: 0 },
        { slug: "emergency-relief", received_cents: 4_000, gift_count: 1, disbursed_cents: 0 },
        { slug: "orphan-care", received_cents: 7_000, gift_count: 1, disbursed_cents: 0 },
      ]);
      const zakatDays = await db
        .selectFrom("fund_daily_receipts")
        .innerJoin("funds", "funds.id", "fund_daily_receipts.fund_id")
        .select(["day", "fund_daily_receipts.received_cents", "fund_daily_receipts.gift_count"])
        .where("funds.slug", "=", "zakat-al-mal")
        .execute();
      expect(zakatDays).toEqual([{ day: "2026-01-05", received_cents: 12_500, gift_count: 2 }]);
    } finally {
      await db.destroy();
    }
  });

  it("gives a gift stored without a fund its purpose's fund, and refuses to take a gift's fund away", async () => {
    const db = emptyDatabase();
    try {
      await migrateToLatest(db);
      const gift = {
        name: "Hana",
        email: "hana@example.org",
        amount_cents: 2_000,
        frequency: "One-Time",
        donated_at: "2026-02-01T10:00:00.000Z",
      } as const;
      for (const [n, purpose] of ["Zakat", "Healthcare", "Something from an old form", "Food & Water Aid"].entries()) {
        await db
          .insertInto("donations")
          .values({ ...gift, purpose, receipt_token: token(`rcpt-new-${n}`, 22) })
          .execute();
      }
      const orphanCare = await db
        .selectFrom("funds")
        .select("id")
        .where("slug", "=", "orphan-care")
        .executeTakeFirstOrThrow();
      // A fund given on purpose is kept, whatever the purpose says.
      await db
        .insertInto("donations")
        .values({
          ...gift,
          purpose: "General Donation",
          fund_id: orphanCare.id,
          receipt_token: token("rcpt-new-given", 22),
        })
        .execute();
      expect(await fundsOf(db, "donations")).toEqual([
        "zakat-al-mal",
        "healthcare",
        "sadaqa",
        "food-water-aid",
        "orphan-care",
      ]);
      await db
        .insertInto("subscriptions")
        .values({
          name: "Hana",
          email: "hana@example.org",
          amount_cents: 500,
          purpose: "Education",
          interval: "month",
          payment_day: 1,
          status: "active",
        })
        .execute();
      expect(await fundsOf(db, "subscriptions")).toEqual(["education"]);

      for (const table of ["donations", "subscriptions"] as const) {
        await expect(sql`update ${sql.table(table)} set fund_id = null`.execute(db), table).rejects.toThrow(
          /Every gift belongs to a fund/,
        );
      }
      expect(await fundsOf(db, "donations")).toHaveLength(5);

      // Marking a gift as a test payment takes it out of its fund's money; moving it moves the money.
      const zakat = await db
        .selectFrom("funds")
        .select(["id", "received_cents"])
        .where("slug", "=", "zakat-al-mal")
        .executeTakeFirstOrThrow();
      expect(zakat.received_cents).toBe(2_000);
      await db.updateTable("donations").set({ is_test: 1 }).where("purpose", "=", "Zakat").execute();
      await db.updateTable("donations").set({ fund_id: zakat.id }).where("purpose", "=", "Healthcare").execute();
      const after = await db
        .selectFrom("funds")
        .select(["slug", "received_cents", "gift_count"])
        .where("slug", "in", ["zakat-al-mal", "healthcare"])
        .orderBy("id")
        .execute();
      expect(after).toEqual([
        { slug: "zakat-al-mal", received_cents: 2_000, gift_count: 1 },
        { slug: "healthcare", received_cents: 0, gift_count: 0 },
      ]);
      await expectSoundLatest(db);
    } finally {
      await db.destroy();
    }
  });
});

describe("migration 0025_total_raised_source", () => {
  /** total_raised_source after a site left at 0024 with these settings migrates, or undefined without one. */
  async function sourceAfterUpgrade(settings: Record<string, string>): Promise<string | undefined> {
    const db = emptyDatabase();
    try {
      applied(await migratorFor(db).migrateTo("0024_subscription_totals"));
      for (const [key, value] of Object.entries(settings))
        await db.insertInto("settings").values({ key, value, description: "" }).execute();
      await migrateToLatest(db);
      return (
        await db.selectFrom("settings").select("value").where("key", "=", "total_raised_source").executeTakeFirst()
      )?.value;
    } finally {
      await db.destroy();
    }
  }

  it("records a figure above 0 as typed by staff, and a 0 as the books", async () => {
    expect(await sourceAfterUpgrade({ total_raised: "875000" })).toBe("typed");
    expect(await sourceAfterUpgrade({ total_raised: "0" })).toBe("books");
  });

  it("leaves a recorded choice alone, and a database without settings to start-up", async () => {
    expect(await sourceAfterUpgrade({ total_raised: "875000", total_raised_source: "books" })).toBe("books");
    expect(await sourceAfterUpgrade({})).toBeUndefined();
  });
});
