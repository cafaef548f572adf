import { mkdirSync } from "node:fs";
import path from "node:path";
import { seedDemoContent } from "../../../../db/seed";
import { dataKeyProblem } from "~/applications/privacy/index.server";
import { UPLOAD_FOLDERS } from "~/content/media";
import { ensureFirstAdmin } from "~/staff/accounts/index.server";
import { refuseDemoMoneyWithLivePayments, StartRefusedError } from "./demo-money.server";
import { ensureDefaultSettings } from "~/content/settings/index.server";
import { getDb, migrateToLatest, oneProcessAtATime, tableExists } from "~/lib/db.server";
import { PLACEHOLDER_ORGANISATION } from "~/shared/foundation";
import { databaseEngine, databaseLabel, getEnv, isSandboxMode, paymentMode, type PaymentMode } from "~/lib/env.server";
import { getSessionSecret } from "~/lib/session-secret.server";
import { pruneExpiredSessions } from "~/lib/session.server";

export interface StartupReport {
  seededDemo: boolean;
  /** The demo's year of gifts and ledger came with it (never when payments are live). */
  seededDemoMoney: boolean;
  sandbox: boolean;
  paymentMode: PaymentMode;
  admin: { created: boolean; username?: string; generatedPassword?: string };
}

/**
 * Everything the site needs before it serves a request: valid configuration, the newest
 * schema, the settings, demo content for a brand-new database, and an admin.
 * Shared by `npm start`, `npm run dev` and the test servers.
 */
export async function bootstrap(): Promise<StartupReport> {
  // Two processes starting at once on one PostgreSQL database: one prepares it, the other finds it ready.
  return oneProcessAtATime(getDb(), "start-up", prepare).catch((error: unknown) => {
    throw unreachableDatabase(error) ?? error;
  });
}

/** PostgreSQL's answers an operator fixes in DATABASE_URL or on the server, by their codes. */
const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: "nothing answers at that host and port",
  ENOTFOUND: "that host name is not known",
  ETIMEDOUT: "the server did not answer in time",
  "3D000": "that database does not exist (create it first: createdb)",
  "28P01": "the user name or password is wrong",
  "28000": "the server does not let that user in from here (pg_hba.conf)",
  "42501": "the user may not create tables or the pg_trgm extension in that database",
};

/** A start that cannot reach its database is told in one line naming it (never its password), not a stack. */
function unreachableDatabase(error: unknown): StartRefusedError | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  const reason = typeof code === "string" ? UNREACHABLE[code] : undefined;
  if (!reason) return undefined;
  return new StartRefusedError(
    `Could not use the database ${databaseLabel()}: ${reason} (${(error as Error).message}). Check DATABASE_URL and start again.`,
  );
}

async function prepare(): Promise<StartupReport> {
  const env = getEnv();
  const db = getDb();
  const isNewDatabase = !(await tableExists(db, "kysely_migration"));
  await migrateToLatest(db);
  await refuseDemoMoneyWithLivePayments();
  // Applicants' personal data opens with the key set, or the site does not start (decision 168).
  const keyProblem = await dataKeyProblem(db);
  if (keyProblem) throw new StartRefusedError(keyProblem);
  await ensureDefaultSettings();

  const seededDemo = isNewDatabase && env.SEED_DEMO;
  // Made-up money never reaches a site whose payments are live (decision 084).
  const seededDemoMoney = seededDemo && paymentMode(env) !== "live";
  if (seededDemo) await seedDemoContent(db, { money: seededDemoMoney });

  const admin = await ensureFirstAdmin(env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
  await pruneExpiredSessions();
  getSessionSecret();
  // Media arrives under these folders of UPLOADS_DIR (served from /api/uploads/...).
  for (const folder of Object.values(UPLOAD_FOLDERS))
    mkdirSync(path.join(env.UPLOADS_DIR, folder), { recursive: true });

  return { seededDemo, seededDemoMoney, sandbox: isSandboxMode(env), paymentMode: paymentMode(env), admin };
}

/** Whoever starts the site reads first whether donors' cards will really be charged. */
const PAYMENTS_LINE: Record<PaymentMode, string> = {
  sandbox: "Payments: SANDBOX mode (no STRIPE_SECRET_KEY). Donations use the built-in test checkout; no money moves.",
  "stripe-test":
    "Payments: Stripe TEST keys. Stripe's test checkout; no money moves, and test gifts are never counted in the books.",
  live: "Payments: LIVE Stripe keys. Donors' cards are charged.",
};

/** The lines an operator reads when the server starts. */
export function describeStartup(report: StartupReport, siteUrl: string): string[] {
  const lines: string[] = [];
  if (report.seededDemoMoney)
    lines.push(
      "New database: demo stories, events, testimonials, three appeals and a year of gifts and disbursements added (SEED_DEMO=0 turns this off).",
    );
  else if (report.seededDemo) {
    lines.push(
      "New database: demo stories, events and testimonials added, but no demo gifts or ledger, since payments are live (SEED_DEMO=0 adds no demo content at all).",
    );
  }
  if (report.admin.created) {
    lines.push(`Admin account created: ${report.admin.username}`);
    if (report.admin.generatedPassword) {
      lines.push(
        "",
        "  ┌─ Admin sign-in (shown once) ─────────────────────────",
        `  │ URL:      ${siteUrl}/admin/login`,
        `  │ Username: ${report.admin.username}`,
        `  │ Password: ${report.admin.generatedPassword}`,
        `  │ Change it: npm run admin:password -- ${report.admin.username}`,
        "  └──────────────────────────────────────────────────────",
        "",
      );
    }
  }
  lines.push(PAYMENTS_LINE[report.paymentMode]);
  lines.push(
    getEnv().SMTP_URL
      ? `Mail: sent through ${new URL(getEnv().SMTP_URL!).host} (SMTP_URL).`
      : "Mail: kept on this machine (no SMTP_URL); staff read it in the admin Outbox.",
  );
  // A PostgreSQL site from before applications starts without the data key, but cannot seal a family's application.
  if (databaseEngine() === "postgres" && !getEnv().DATA_ENCRYPTION_KEY) {
    lines.push(
      "WARNING: DATA_ENCRYPTION_KEY is not set: families' applications cannot be taken (their personal data is sealed with it). Set the same key on every process (see docs/going-live.md).",
    );
  }
  const placeholders = placeholderOrganisationSettings();
  if (placeholders.length > 0 && (getEnv().SMTP_URL || paymentMode() === "live")) {
    lines.push(
      `WARNING: receipts, mails and the site still carry placeholder details; set ${placeholders.join(", ")} to the foundation's own before donors receive them.`,
    );
  }
  return lines;
}

/** The ORG_* settings still at their placeholder: a live receipt must not name a made-up tax id or address. */
export function placeholderOrganisationSettings(): string[] {
  const env = getEnv();
  const settings: [string, string, string][] = [
    ["ORG_LEGAL_NAME", env.ORG_LEGAL_NAME, PLACEHOLDER_ORGANISATION.legalName],
    ["ORG_TAX_ID", env.ORG_TAX_ID, PLACEHOLDER_ORGANISATION.taxId],
    ["ORG_ADDRESS", env.ORG_ADDRESS, PLACEHOLDER_ORGANISATION.address],
    ["ORG_EMAIL", env.ORG_EMAIL, PLACEHOLDER_ORGANISATION.email],
    ["ORG_PHONE", env.ORG_PHONE, PLACEHOLDER_ORGANISATION.phone],
  ];
  return settings.filter(([, value, placeholder]) => value === placeholder).map(([name]) => name);
}
