import type { ColumnType, Generated, Selectable } from "kysely";

/**
 * The one source of table types. Conventions (ARCHITECTURE.md, "Data rules"):
 * money in integer cents, timestamps as ISO-8601 UTC text, booleans as 0/1,
 * optional text as '' rather than NULL, provider identifiers UNIQUE.
 */

type Timestamp = ColumnType<string, string | undefined, string>;
type Flag = ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;

export interface AdminsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  /** The person's own name, shown on everything they did. */
  name: Generated<string>;
  /** Where invitations and password resets go; '' for an admin made before accounts had one. */
  email: Generated<string>;
  /** Role names separated by spaces ("finance editor"): see staff/accounts/rules/roles.ts. */
  roles: Generated<string>;
  /** 1 while the person may sign in; 0 once an owner deactivated the account. */
  active: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One staff write, sign-in or export of personal data, appended and never changed (0027). */
export interface AuditEntriesTable {
  id: Generated<number>;
  at: Generated<string>;
  actor_id: number | null;
  actor_name: Generated<string>;
  action: string;
  entity: string;
  entity_id: Generated<string>;
  summary: Generated<string>;
  /** JSON: {"field": [before, after]}. */
  changes: Generated<string>;
  address: Generated<string>;
  user_agent: Generated<string>;
}

/** A member of staff's passkey (WebAuthn credential), 0033. */
export interface AdminPasskeysTable {
  id: Generated<number>;
  admin_id: number;
  /** base64url, unique. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: Generated<number>;
  /** Space separated ("internal hybrid"). */
  transports: Generated<string>;
  name: Generated<string>;
  created_at: Timestamp;
  last_used_at: string | null;
}

/** A WebAuthn ceremony's challenge, single use, kept a few minutes (0033). */
export interface PasskeyChallengesTable {
  challenge: string;
  /** register, sign-in or second-factor. */
  purpose: string;
  admin_id: number | null;
  expires_at: string;
}

export interface AdminSessionsTable {
  id: string;
  admin_id: number;
  data: string;
  created_at: Timestamp;
  expires_at: string;
  user_agent: Generated<string>;
  address: Generated<string>;
  last_used_at: string | null;
}

/** A person's authenticator app (0030): the secret encrypted at rest; enabled_at null until confirmed. */
export interface AdminTwoFactorTable {
  admin_id: number;
  /** AES-256-GCM, `iv.tag.ciphertext` in base64url. */
  secret_encrypted: string;
  enabled_at: string | null;
  created_at: Timestamp;
}

/** A single-use recovery code (0030), kept only as its SHA-256 hash. */
export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  admin_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: Timestamp;
}

/** A time-step a person's code was accepted for (0030): never accepted twice. */
export interface AdminTotpStepsTable {
  admin_id: number;
  time_step: number;
  used_at: Timestamp;
}

/** A correct password awaiting its second factor (0030); the browser holds the token. */
export interface AdminPendingSignInsTable {
  token_hash: string;
  admin_id: number;
  expires_at: string;
  created_at: Timestamp;
}

export interface ApiTokensTable {
  id: Generated<number>;
  admin_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: string;
  name: Generated<string>;
  /** `sign-in` (from POST /api/auth/login) or `personal` (named, made on "Your sign-ins"). */
  kind: Generated<string>;
  last_used_at: string | null;
}

/** An owner's invitation to join the staff (migration 0028): single use, 72 hours, the token kept hashed. */
export interface StaffInvitationsTable {
  id: Generated<number>;
  /** In lower case. */
  email: string;
  name: string;
  /** Role names separated by spaces, as admins.roles. */
  roles: string;
  token_hash: string;
  invited_by: number | null;
  created_at: Generated<string>;
  expires_at: string;
  used_at: string | null;
  /** The account its acceptance made. */
  admin_id: number | null;
}

/** A mailed link to choose a new password (migration 0028): single use, one hour, the token kept hashed. */
export interface StaffPasswordResetsTable {
  id: Generated<number>;
  admin_id: number;
  token_hash: string;
  created_at: Generated<string>;
  expires_at: string;
  used_at: string | null;
}

export interface SettingsTable {
  id: Generated<number>;
  key: string;
  value: string;
  description: ColumnType<string, string | undefined, string>;
  updated_at: Timestamp;
}

export interface StoriesTable {
  id: Generated<number>;
  title: string;
  summary: string;
  content: string;
  is_active: Flag;
  is_featured: Flag;
  video_url: ColumnType<string, string | undefined, string>;
  image_filename: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EventsTable {
  id: Generated<number>;
  title: string;
  description: string;
  /** 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM[:SS]': the date part is kept exactly as given. */
  date: string;
  location: string;
  image: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactSubmissionsTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  submitted_at: Timestamp;
  resolved: Flag;
}

export interface VolunteerSignupsTable {
  id: Generated<number>;
  name: string;
  email: string;
  interest: string;
  submitted_at: Timestamp;
}

export type DonationFrequency = "One-Time" | "Monthly" | "Annually" | "Ramadan";
export type PaymentMethod = "card" | "cash" | "cheque" | "bank_transfer" | "other";

export interface DonationsTable {
  id: Generated<number>;
  name: string;
  email: string;
  amount_cents: number;
  frequency: DonationFrequency;
  purpose: ColumnType<string, string | undefined, string>;
  donated_at: Timestamp;
  subscription_id: number | null;
  stripe_checkout_session_id: string | null;
  stripe_payment_intent_id: string | null;
  stripe_invoice_id: string | null;
  /** 'card' through the provider; cash, cheque, bank_transfer or other when staff record it. */
  payment_method: ColumnType<PaymentMethod, PaymentMethod | undefined, PaymentMethod>;
  recorded_by: ColumnType<string, string | undefined, string>;
  /** 1 for a test payment (the sandbox, Stripe test keys): kept out of the live totals. */
  is_test: Flag;
  /** The unguessable key of the gift's printable receipt page (/receipts/{token}). */
  receipt_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** The fund the gift belongs to (migration 0010); stored without one, it takes its purpose's fund. */
  fund_id: ColumnType<number, number | undefined, number>;
  /** What the gift was for in the donor's words, e.g. "Zakat al-Fitr for 5 people"; '' for most gifts. */
  designation: ColumnType<string, string | undefined, string>;
  /** The appeal the gift answers (migration 0013), or null. */
  appeal_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when the donor asked that their name never appear on a public page. */
  anonymous: Flag;
  /** What the donor added so that the card fee is not taken from the gift; counted in the fund that bears the costs. */
  fee_cover_cents: ColumnType<number, number | undefined, number>;
  /** '' (none), 'memory' or 'honour': a gift given in someone's name. */
  tribute_kind: ColumnType<TributeKind, TributeKind | undefined, TributeKind>;
  tribute_name: ColumnType<string, string | undefined, string>;
  /** Who to tell of the tribute (never told the amount), or ''. */
  tribute_email: ColumnType<string, string | undefined, string>;
  /** The fund the fee cover is counted in (the fund that bears the costs), or null without one. */
  fee_fund_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type TributeKind = "" | "memory" | "honour";

export type SubscriptionInterval = "month" | "year";

export interface SubscriptionsTable {
  id: Generated<number>;
  name: string;
  email: string;
  amount_cents: number;
  purpose: ColumnType<string, string | undefined, string>;
  interval: SubscriptionInterval;
  payment_day: number;
  payment_month: ColumnType<number, number | undefined, number>;
  /** active, canceled, past_due, or whatever else the provider reports (shown neutrally). */
  status: string;
  next_payment_date: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  stripe_subscription_id: string | null;
  stripe_customer_id: string | null;
  stripe_checkout_session_id: string | null;
  /** Provider time (seconds) of the newest state applied: older events never overwrite it. */
  provider_state_at: ColumnType<number, number | undefined, number>;
  canceled_at: ColumnType<string | null, string | null | undefined, string | null>;
  is_test: Flag;
  /** The fund each of its charges goes to (migration 0010); by default its purpose's fund. */
  fund_id: ColumnType<number, number | undefined, number>;
  /** The donor's choices of migration 0013, carried to every charge (see DonationsTable). */
  appeal_id: ColumnType<number | null, number | null | undefined, number | null>;
  anonymous: Flag;
  /** Added to each charge so that the card fee is not taken from the gift. */
  fee_cover_cents: ColumnType<number, number | undefined, number>;
  tribute_kind: ColumnType<TributeKind, TributeKind | undefined, TributeKind>;
  tribute_name: ColumnType<string, string | undefined, string>;
  tribute_email: ColumnType<string, string | undefined, string>;
  /** When the provider resumes collecting a paused gift (migration 0015); null while it is not paused. */
  resumes_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The card the provider charges it to (`pm_...`, migration 0016); null until the provider reports one. */
  default_payment_method: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * When the provider tries a past-due charge again (migration 0017); null otherwise, or once it has stopped trying.
   */
  next_retry_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A recurring gift's failed charge, one per invoice, until recovered or lost (migration 0017). */
export interface RecurringPaymentTroublesTable {
  id: Generated<number>;
  subscription_id: number;
  stripe_invoice_id: string;
  amount_cents: ColumnType<number, number | undefined, number>;
  /** The provider's highest attempt seen: an older attempt's event never moves the next try back. */
  attempts: ColumnType<number, number | undefined, number>;
  failed_at: string;
  recovered_at: ColumnType<string | null, string | null | undefined, string | null>;
  lost_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The hash of the donor's link to put the card right (never the link itself). */
  card_link_hash: ColumnType<string | null, string | null | undefined, string | null>;
  is_test: Flag;
}

export type SubscriptionChangeKind = "created" | "amount_changed" | "paused" | "resumed" | "card_updated" | "canceled";
export type SubscriptionChangeActor = "donor" | "staff" | "provider";

/** A recurring gift's history, one line per change (migration 0015). */
export interface SubscriptionChangesTable {
  id: Generated<number>;
  subscription_id: number;
  kind: SubscriptionChangeKind;
  /** Amount changes: the gift before and after, in cents; 'created' has the first amount in to_cents. */
  from_cents: ColumnType<number | null, number | null | undefined, number | null>;
  to_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** Pauses: when the provider resumes collecting. */
  resumes_at: ColumnType<string | null, string | null | undefined, string | null>;
  actor: SubscriptionChangeActor;
  /** Staff's username, or ""; the donor and the provider need no name. */
  actor_name: ColumnType<string, string | undefined, string>;
  happened_at: Timestamp;
  /** The provider's event that reported it, for changes made at the provider. */
  provider_event_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Running figures per donor (email, or name when a gift has no email), kept by triggers. */
export interface DonorsTable {
  is_test: 0 | 1;
  donor_key: string;
  name: string;
  email: string;
  total_cents: ColumnType<number, number | undefined, number>;
  gift_count: ColumnType<number, number | undefined, number>;
}

/** Running totals over all gifts, one row for real gifts (is_test 0) and one for tests, kept by triggers. */
export interface DonationTotalsTable {
  is_test: 0 | 1;
  total_cents: number;
  gift_count: number;
  donor_count: number;
}

/** Sandbox mode's simulated provider: Stripe-shaped objects as JSON. */
export interface SandboxObjectsTable {
  id: string;
  type: string;
  data: string;
  created: number;
}

export type TestimonialCategory = "donor" | "recipient" | "volunteer" | "other";

export interface TestimonialsTable {
  id: Generated<number>;
  name: string;
  country: ColumnType<string, string | undefined, string>;
  text: string;
  rating: ColumnType<number, number | undefined, number>;
  video_url: ColumnType<string, string | undefined, string>;
  category: ColumnType<TestimonialCategory, TestimonialCategory | undefined, TestimonialCategory>;
  is_approved: Flag;
  image_filename: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type NewsletterStatus = "pending" | "confirmed" | "unsubscribed";

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  subscribed_at: Timestamp;
  /** pending until the owner confirms (double opt-in); unsubscribed after leaving. */
  status: ColumnType<NewsletterStatus, NewsletterStatus | undefined, NewsletterStatus>;
  confirm_token: ColumnType<string | null, string | null | undefined, string | null>;
  unsubscribe_token: ColumnType<string | null, string | null | undefined, string | null>;
  confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  unsubscribed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Provider (Stripe) events already handled: a repeated delivery is acknowledged and ignored. */
export interface ProcessedProviderEventsTable {
  id: string;
  type: string;
  processed_at: Timestamp;
}

export type MailStatus = "pending" | "sending" | "sent" | "failed" | "kept";

/** Outgoing mail, written with the event that causes it and delivered by the server's loop. */
export interface OutboundMailTable {
  id: Generated<number>;
  kind: string;
  dedupe_key: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: ColumnType<string, string | undefined, string>;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<string, string | undefined, string>;
  last_error: ColumnType<string, string | undefined, string>;
  message_id: string;
  created_at: Timestamp;
  sent_at: string | null;
  /** 1: to_address, text_body and html_body are sealed with the data key (an applicant's mail). */
  sealed: ColumnType<number, number | undefined, number>;
}

/** Single-use links that open a donor's own giving page; only a hash of the token is kept. */
export interface GivingSignInLinksTable {
  id: Generated<number>;
  email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A donor's My giving view, opened by a sign-in link (migration 0008). */
export interface DonorSessionsTable {
  id: string;
  email: string;
  created_at: string;
  expires_at: string;
}

export type FundKind = "general" | "zakat" | "obligation" | "restricted";

/**
 * Where a gift goes (migration 0010). Money in (live gifts only) and money out (the
 * ledger) are kept on the row by triggers; names never change once given.
 */
export interface FundsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  /** The donate form's word for the fund, kept on each gift as its `purpose`. */
  purpose: string;
  description: ColumnType<string, string | undefined, string>;
  kind: FundKind;
  sort_order: number;
  archived_at: ColumnType<string | null, string | null | undefined, string | null>;
  received_cents: ColumnType<number, never, never>;
  gift_count: ColumnType<number, never, never>;
  disbursed_cents: ColumnType<number, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Live gifts per fund and UTC day, kept by triggers for the within-a-lunar-year report. */
export interface FundDailyReceiptsTable {
  fund_id: number;
  day: string;
  received_cents: number;
  gift_count: number;
}

export type LedgerEntryKind = "disbursement" | "reversal";

/** The ledger of what went out: append-only, a reversal names the entry it reverses. */
export interface DisbursementsTable {
  id: Generated<number>;
  kind: LedgerEntryKind;
  fund_id: number;
  amount_cents: number;
  disbursed_on: string;
  /** One of the eight categories of Zakat recipients, for the two Zakat funds; null otherwise. */
  category: string | null;
  programme: ColumnType<string, string | undefined, never>;
  region: ColumnType<string, string | undefined, never>;
  description: ColumnType<string, string | undefined, never>;
  proof_filename: ColumnType<string, string | undefined, never>;
  reverses_id: ColumnType<number | null, number | null | undefined, never>;
  recorded_by: string;
  recorded_at: string;
  /** For an entry written by approving a request (0031): who asked, who approved and when; '' / null otherwise. */
  requested_by: ColumnType<string, string | undefined, never>;
  approved_by: ColumnType<string, string | undefined, never>;
  approved_at: ColumnType<string | null, string | null | undefined, never>;
}

export type DisbursementRequestStatus = "requested" | "approved" | "rejected";

/**
 * A disbursement or reversal at or above the approval threshold, waiting for a second person
 * (0031): it moves no money until approved, when the ledger entry is written.
 */
export interface DisbursementRequestsTable {
  id: Generated<number>;
  kind: LedgerEntryKind;
  fund_id: number;
  amount_cents: number;
  disbursed_on: string;
  category: string | null;
  programme: Generated<string>;
  region: Generated<string>;
  description: Generated<string>;
  proof_filename: Generated<string>;
  reverses_id: number | null;
  requested_by: string;
  requested_by_id: number | null;
  requested_at: string;
  status: Generated<DisbursementRequestStatus>;
  decided_by: Generated<string>;
  decided_at: string | null;
  reason: Generated<string>;
  entry_id: number | null;
}

export type RateKey = "fitr_per_person" | "fidya_per_day" | "kaffarah_per_person" | "gold_per_gram" | "silver_per_gram";

/** The rates register: each new rate is a new row, so the history stays. */
export interface RatesTable {
  id: Generated<number>;
  rate_key: RateKey;
  amount_cents: number;
  effective_on: string;
  authority: ColumnType<string, string | undefined, never>;
  note: ColumnType<string, string | undefined, never>;
  to_confirm: ColumnType<0 | 1, 0 | 1 | undefined, never>;
  recorded_by: string;
  recorded_at: string;
}

/** The one Zakat policy text (id 1), a template until staff first save it. */
export interface ZakatPolicyTable {
  id: number;
  body: string;
  is_template: 0 | 1;
  kaffarah_per_fast: 0 | 1;
  updated_by: string;
  updated_at: string;
}

/** Eid al-Fitr as staff confirmed it by sighting, per Hijri year (else Umm al-Qura's 1 Shawwal). */
export interface EidDatesTable {
  hijri_year: number;
  eid_al_fitr_on: string;
  set_by: string;
  set_at: string;
}

export interface Database {
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  admin_passkeys: AdminPasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  admin_two_factor: AdminTwoFactorTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_totp_steps: AdminTotpStepsTable;
  admin_pending_sign_ins: AdminPendingSignInsTable;
  audit_entries: AuditEntriesTable;
  donor_sessions: DonorSessionsTable;
  api_tokens: ApiTokensTable;
  staff_invitations: StaffInvitationsTable;
  staff_password_resets: StaffPasswordResetsTable;
  settings: SettingsTable;
  stories: StoriesTable;
  events: EventsTable;
  contact_submissions: ContactSubmissionsTable;
  volunteer_signups: VolunteerSignupsTable;
  donations: DonationsTable;
  subscriptions: SubscriptionsTable;
  testimonials: TestimonialsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  processed_provider_events: ProcessedProviderEventsTable;
  donors: DonorsTable;
  donation_totals: DonationTotalsTable;
  sandbox_objects: SandboxObjectsTable;
  outbound_mail: OutboundMailTable;
  giving_sign_in_links: GivingSignInLinksTable;
  funds: FundsTable;
  fund_daily_receipts: FundDailyReceiptsTable;
  disbursements: DisbursementsTable;
  disbursement_requests: DisbursementRequestsTable;
  rates: RatesTable;
  zakat_policy: ZakatPolicyTable;
  eid_dates: EidDatesTable;
  appeals: AppealsTable;
  appeal_slugs: AppealSlugsTable;
  appeal_totals: AppealTotalsTable;
  subscription_changes: SubscriptionChangesTable;
  zakat_reminders: ZakatRemindersTable;
  recurring_payment_troubles: RecurringPaymentTroublesTable;
  ramadan_schedules: RamadanSchedulesTable;
  ramadan_nights: RamadanNightsTable;
  rate_limits: RateLimitsTable;
  list_counts: ListCountsTable;
  subscription_totals: SubscriptionTotalsTable;
  application_drafts: ApplicationDraftsTable;
  applications: ApplicationsTable;
  application_match_keys: ApplicationMatchKeysTable;
  application_document_requests: ApplicationDocumentRequestsTable;
  application_documents: ApplicationDocumentsTable;
  application_messages: ApplicationMessagesTable;
  application_payments: ApplicationPaymentsTable;
  applicant_sign_in_links: ApplicantSignInLinksTable;
  applicant_sessions: ApplicantSessionsTable;
}

/** How many rows a staff list holds by its first filter, kept by triggers (migration 0022). */
export interface ListCountsTable {
  list: string;
  value: string;
  is_test: number;
  n: number;
}

/** The Subscriptions screen's summary by status, interval and pause, kept by triggers (migration 0024). */
export interface SubscriptionTotalsTable {
  status: string;
  interval: string;
  paused: number;
  is_test: number;
  gifts: number;
  amount_cents: number;
}

/** One limited key's count in its current window, shared by every app process (migration 0020). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  resets_at: string;
}

export type RamadanScheduleStatus = "awaiting_card" | "active" | "stopped" | "finished";
export type RamadanNightStatus = "pending" | "charging" | "charged" | "failed" | "retrying" | "missed" | "stopped";

/** A donor's nights of Ramadan: a card saved once, charged on each night chosen (migration 0019). */
export interface RamadanSchedulesTable {
  id: Generated<number>;
  name: string;
  /** In its normal form (see normalEmail). */
  email: string;
  plan: "last-ten" | "all-thirty";
  per_night_cents: number;
  double_odd_nights: Flag;
  purpose: string;
  fund_id: number;
  anonymous: Flag;
  status: ColumnType<RamadanScheduleStatus, RamadanScheduleStatus | undefined, RamadanScheduleStatus>;
  /** The saved card at the provider: its customer and payment method, once the card is saved. */
  provider_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  payment_method_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The setup checkout's id (unique): the card is saved once however often that is reported. */
  setup_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  is_test: Flag;
  /** The Hijri year of the Ramadan it gives in. */
  hijri_year: number;
  /** The evening of the first night its nights were dated from ('YYYY-MM-DD'), once the card is saved. */
  first_night: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  activated_at: ColumnType<string | null, string | null | undefined, string | null>;
  stopped_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** "donor", or the staff member's username; '' while it is not stopped. */
  stopped_by: ColumnType<string, string | undefined, string>;
}

/** One night of a Ramadan schedule and its charge (migration 0019). */
export interface RamadanNightsTable {
  id: Generated<number>;
  schedule_id: number;
  /** 1 to 30. */
  number: number;
  /** The day whose evening the night begins ('YYYY-MM-DD', the foundation's time zone). */
  evening: string;
  amount_cents: number;
  status: ColumnType<RamadanNightStatus, RamadanNightStatus | undefined, RamadanNightStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  /** While a round charges it: no other round takes it before this moment. */
  claimed_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** A failed night's retry. */
  next_attempt_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The latest attempt's key, sent again as it was if that attempt is re-sent. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
  payment_intent_id: ColumnType<string | null, string | null | undefined, string | null>;
  donation_id: ColumnType<number | null, number | null | undefined, number | null>;
  charged_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The provider's words for the latest decline, or ''. */
  last_error: ColumnType<string, string | undefined, string>;
  /** 1 once the donor has been told the night failed. */
  failure_mailed: Flag;
  /** How often the latest attempt's key was sent without an answer (an outage); capped. */
  unanswered_sends: ColumnType<number, number | undefined, number>;
}

export type RamadanScheduleRow = Selectable<RamadanSchedulesTable>;
export type RamadanNightRow = Selectable<RamadanNightsTable>;

export type AppealStatus = "draft" | "live" | "closed";
export type StoryFormat = "plain" | "markdown";

/** A campaign page with its fund, optional goal and dates (migration 0013). */
export interface AppealsTable {
  id: Generated<number>;
  /** Its address, /appeals/{slug}: fixed once it has gone live, never given to another appeal. */
  slug: string;
  title: string;
  summary: ColumnType<string, string | undefined, string>;
  story: ColumnType<string, string | undefined, string>;
  story_format: ColumnType<StoryFormat, StoryFormat | undefined, StoryFormat>;
  image_filename: ColumnType<string, string | undefined, string>;
  video_url: ColumnType<string, string | undefined, string>;
  fund_id: number;
  goal_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** Whole dollars, comma separated ("50,100,250"); '' for the donate form's own. */
  preset_amounts: ColumnType<string, string | undefined, string>;
  /** 'YYYY-MM-DD' in the foundation's time zone. */
  starts_on: string;
  ends_on: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<AppealStatus, AppealStatus | undefined, AppealStatus>;
  is_featured: Flag;
  went_live_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Every address an appeal has had: never given to another (appeal_id null once a draft is deleted). */
export interface AppealSlugsTable {
  slug: string;
  appeal_id: number | null;
}

/** Raised so far per appeal and test flag, kept by triggers on the gifts. */
export interface AppealTotalsTable {
  appeal_id: number;
  is_test: 0 | 1;
  raised_cents: ColumnType<number, never, never>;
  gift_count: ColumnType<number, never, never>;
}

export type AppealRow = Selectable<AppealsTable>;
export type SettingRow = Selectable<SettingsTable>;
export type StoryRow = Selectable<StoriesTable>;
export type EventRow = Selectable<EventsTable>;
export type TestimonialRow = Selectable<TestimonialsTable>;
export type DonationRow = Selectable<DonationsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SubscriptionChangeRow = Selectable<SubscriptionChangesTable>;
export type ContactSubmissionRow = Selectable<ContactSubmissionsTable>;
/** A donor's yearly reminder that Zakat is due again (double opt-in; tokens as hashes only; migration 0018). */
export interface ZakatRemindersTable {
  id: Generated<number>;
  email: string;
  calculated_on: string;
  calculated_hijri: string;
  due_on: string;
  remind_on: string;
  kept_figures: string | null;
  confirm_token_hash: string | null;
  confirmed_at: string | null;
  stop_token_hash: string | null;
  figures_token_hash: string | null;
  stopped_at: string | null;
  reminded_for: string | null;
  reminded_at: string | null;
  created_at: ColumnType<string, string | undefined, never>;
}

export type VolunteerSignupRow = Selectable<VolunteerSignupsTable>;
export type OutboundMailRow = Selectable<OutboundMailTable>;
export type FundRow = Selectable<FundsTable>;
export type DisbursementRow = Selectable<DisbursementsTable>;
export type DisbursementRequestRow = Selectable<DisbursementRequestsTable>;
export type RateRow = Selectable<RatesTable>;

/*
 * Zakat applications (migration 0034). Every `*_sealed` column is a value sealed with the
 * site's data key (app/lib/data-encryption.server.ts); every `*_key` a keyed hash of a
 * normalised value. Nothing here holds an applicant's personal data in plain text.
 */
export type ApplicationState =
  | "submitted"
  | "documents_requested"
  | "under_assessment"
  | "recommended"
  | "approved"
  | "declined"
  | "paid"
  | "closed"
  | "withdrawn"
  | "lapsed";

/** An application saved part way: its fields sealed, resumed by a mailed link (token hashed). */
export interface ApplicationDraftsTable {
  id: Generated<number>;
  token_hash: string;
  email_key: string;
  body_sealed: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: string;
}

export interface ApplicationsTable {
  id: Generated<number>;
  ref: string;
  state: ColumnType<ApplicationState, ApplicationState | undefined, ApplicationState>;
  email_key: string;
  /** The applicant, household, finances and purpose as sealed JSON; null once erased. */
  applicant_sealed: string | null;
  household_size: number;
  purpose: string;
  requested_cents: number;
  assigned_to_id: number | null;
  assigned_at: string | null;
  category: string | null;
  /** The case worker's reason for the category, sealed (it tells the family's circumstances). */
  assessment_sealed: string | null;
  shortfall_cents: number | null;
  recommended_plan: "once" | "monthly" | null;
  /** Per payment: the whole sum for "once", each month's for "monthly". */
  recommended_cents: number | null;
  recommended_months: number | null;
  recommended_by: Generated<string>;
  recommended_by_id: number | null;
  recommended_at: string | null;
  decided_by: Generated<string>;
  decided_by_id: number | null;
  decided_at: string | null;
  /** The decision's reason (a decline's, sent to the family), sealed. */
  decision_sealed: string | null;
  /** The grant's whole sum, once approved. */
  approved_cents: number | null;
  paid_cents: Generated<number>;
  submitted_at: Timestamp;
  updated_at: Timestamp;
  closed_at: string | null;
  erased_at: string | null;
  /** 1 while the case is open (submitted to approved): computed by the database from `state` (0040). */
  is_open: ColumnType<number, never, never>;
}

export type ApplicationMatchKind = "email" | "phone" | "name_dob";

export interface ApplicationMatchKeysTable {
  application_id: number;
  kind: ApplicationMatchKind;
  key_hash: string;
  created_at: Timestamp;
}

export interface ApplicationDocumentRequestsTable {
  id: Generated<number>;
  application_id: number;
  /** What is asked for and why, sealed JSON `{what, why}`. */
  request_sealed: string;
  due_on: string;
  requested_by: string;
  requested_at: Timestamp;
  reminded_at: string | null;
  fulfilled_at: string | null;
}

export interface ApplicationDocumentsTable {
  id: Generated<number>;
  application_id: number;
  request_id: number | null;
  /** The sealed file's random name in the private documents folder. */
  stored_name: string;
  content_type: string;
  size_bytes: number;
  /** The file's name as the family uploaded it, sealed. */
  name_sealed: string;
  uploaded_at: Timestamp;
}

export type ApplicationMessageKind = "note" | "message";

export interface ApplicationMessagesTable {
  id: Generated<number>;
  application_id: number;
  /** A note is for staff only; a message is shown to the family (and mailed). */
  kind: ApplicationMessageKind;
  author: string;
  author_id: number | null;
  body_sealed: string;
  created_at: Timestamp;
}

export type ApplicationPaymentMethod = "bank_transfer" | "third_party" | "in_kind";
export type ApplicationPaymentStatus = "due" | "paid" | "cancelled";

export interface ApplicationPaymentsTable {
  id: Generated<number>;
  application_id: number;
  amount_cents: number;
  method: ApplicationPaymentMethod;
  /** Who was paid (the family, a landlord, a utility, a school), sealed JSON; null when due. */
  payee_sealed: string | null;
  due_on: string;
  status: ColumnType<ApplicationPaymentStatus, ApplicationPaymentStatus | undefined, ApplicationPaymentStatus>;
  fund_id: number | null;
  disbursement_id: number | null;
  paid_on: string | null;
  recorded_by: Generated<string>;
  created_at: Timestamp;
}

export interface ApplicantSignInLinksTable {
  id: Generated<number>;
  email_key: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: string;
  used_at: string | null;
}

export interface ApplicantSessionsTable {
  id: string;
  email_key: string;
  created_at: Timestamp;
  expires_at: string;
}

export type ApplicationRow = Selectable<ApplicationsTable>;
