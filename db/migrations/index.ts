import type { Migration, MigrationProvider } from "kysely";
import type { Engine } from "./dialect";
import * as postgresBaseline from "./postgres/0019_postgres_baseline";
import * as initial from "./0001_initial";
import * as giving from "./0002_giving";
import * as community from "./0003_community";
import * as mail from "./0004_mail";
import * as receipts from "./0005_receipts";
import * as myGiving from "./0006_my_giving";
import * as newsletterOptIn from "./0007_newsletter_opt_in";
import * as donorSessions from "./0008_donor_sessions";
import * as donorEmailNormalForm from "./0009_donor_email_normal_form";
import * as funds from "./0010_funds";
import * as ledgerGuards from "./0011_ledger_guards";
import * as giftsByFund from "./0012_gifts_by_fund";
import * as appeals from "./0013_appeals";
import * as feeCoversInTotals from "./0014_fee_covers_in_totals";
import * as recurringCare from "./0015_recurring_care";
import * as subscriptionCards from "./0016_subscription_cards";
import * as paymentTroubles from "./0017_payment_troubles";
import * as zakatReminders from "./0018_zakat_reminders";
import * as ramadanNights from "./0019_ramadan_nights";
import * as rateLimits from "./0020_rate_limits";
import * as keysetIndexes from "./0021_keyset_indexes";
import * as listCounts from "./0022_list_counts";
import * as twoLetterSearch from "./0023_two_letter_search";
import * as subscriptionTotals from "./0024_subscription_totals";
import * as totalRaisedSource from "./0025_total_raised_source";
import * as staffRoles from "./0026_staff_roles";
import * as auditTrail from "./0027_audit_trail";
import * as staffInvitations from "./0028_staff_invitations";
import * as twoFactor from "./0030_two_factor";
import * as disbursementApprovals from "./0031_disbursement_approvals";
import * as sessionDetails from "./0032_session_details";
import * as passkeys from "./0033_passkeys";
import * as zakatApplications from "./0034_zakat_applications";
import * as openCases from "./0040_open_cases";
import * as sealedMail from "./0039_sealed_mail";

/**
 * Migrations are imported statically: a file-system provider would not survive the
 * bundled server build. Add each new migration here, in order; never edit a landed one.
 */
const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_giving": giving,
  "0003_community": community,
  "0004_mail": mail,
  "0005_receipts": receipts,
  "0006_my_giving": myGiving,
  "0007_newsletter_opt_in": newsletterOptIn,
  "0008_donor_sessions": donorSessions,
  "0009_donor_email_normal_form": donorEmailNormalForm,
  "0010_funds": funds,
  "0011_ledger_guards": ledgerGuards,
  "0012_gifts_by_fund": giftsByFund,
  "0013_appeals": appeals,
  "0014_fee_covers_in_totals": feeCoversInTotals,
  "0015_recurring_care": recurringCare,
  "0016_subscription_cards": subscriptionCards,
  "0017_payment_troubles": paymentTroubles,
  "0018_zakat_reminders": zakatReminders,
  "0019_ramadan_nights": ramadanNights,
  "0020_rate_limits": rateLimits,
  "0021_keyset_indexes": keysetIndexes,
  "0022_list_counts": listCounts,
  "0023_two_letter_search": twoLetterSearch,
  "0024_subscription_totals": subscriptionTotals,
  "0025_total_raised_source": totalRaisedSource,
  "0026_staff_roles": staffRoles,
  "0027_audit_trail": auditTrail,
  "0028_staff_invitations": staffInvitations,
  "0030_two_factor": twoFactor,
  "0031_disbursement_approvals": disbursementApprovals,
  "0032_session_details": sessionDetails,
  "0033_passkeys": passkeys,
  "0034_zakat_applications": zakatApplications,
  "0039_sealed_mail": sealedMail,
  "0040_open_cases": openCases,
};

/**
 * PostgreSQL starts where SQLite stood after 0019: one baseline creates that schema whole
 * (the landed files speak SQLite and are never edited). Every migration from 0020 on is
 * listed in both, and speaks to either engine through ./dialect.
 */
const postgresMigrations: Record<string, Migration> = {
  "0019_postgres_baseline": postgresBaseline,
  "0020_rate_limits": rateLimits,
  "0021_keyset_indexes": keysetIndexes,
  "0022_list_counts": listCounts,
  "0023_two_letter_search": twoLetterSearch,
  "0024_subscription_totals": subscriptionTotals,
  "0025_total_raised_source": totalRaisedSource,
  "0026_staff_roles": staffRoles,
  "0027_audit_trail": auditTrail,
  "0028_staff_invitations": staffInvitations,
  "0030_two_factor": twoFactor,
  "0031_disbursement_approvals": disbursementApprovals,
  "0032_session_details": sessionDetails,
  "0033_passkeys": passkeys,
  "0034_zakat_applications": zakatApplications,
  "0039_sealed_mail": sealedMail,
  "0040_open_cases": openCases,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

export function migrationProviderFor(engine: Engine): MigrationProvider {
  return engine === "postgres" ? { getMigrations: async () => postgresMigrations } : migrationProvider;
}
