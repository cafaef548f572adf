import path from "node:path";
import { z } from "zod";
import { todayIn } from "~/shared/dates";
import { PLACEHOLDER_ORGANISATION } from "~/shared/foundation";

/**
 * The runtime contract: every setting comes from the environment, all optional, checked
 * once at start-up so that a typo fails loudly before the site serves anyone.
 */
const booleanFlag = z
  .enum(["0", "1", "true", "false", "yes", "no", ""])
  .transform((value) => value === "1" || value === "true" || value === "yes");

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/**
 * What a URL-valued variable accepts. Anything else stops the start with a message that
 * names the variable and says what it takes, rather than being half-used: a path the
 * code ignores, a password it never sends, a scheme it cannot speak.
 */
interface UrlRule {
  /** Completes "NAME must be …", with an example. */
  accepts: string;
  /** Schemes, lower case, without the colon. */
  schemes: readonly string[];
  /** A user name or password in the URL (user:pass@host). */
  credentials?: boolean;
  /** A path beyond "/". */
  path?: boolean;
  /** A ?query (SMTP_URL passes options to the mail library this way). */
  query?: boolean;
  /** Said when the value does not parse as a URL. */
  malformedHint?: string;
}

const PUBLIC_URL_RULE: UrlRule = {
  accepts: "the site's own address: http:// or https://, a host and an optional port, e.g. https://give.example.org",
  schemes: ["http", "https"],
};
const STRIPE_API_BASE_RULE: UrlRule = {
  accepts:
    "the address of a Stripe-compatible server: http:// or https://, a host and an optional port, e.g. http://127.0.0.1:12111",
  schemes: ["http", "https"],
};
const YOUTUBE_THUMBNAIL_BASE_RULE: UrlRule = {
  accepts: "an http:// or https:// address to fetch YouTube stills from, e.g. https://i.ytimg.com",
  schemes: ["http", "https"],
  path: true,
};
const SMTP_URL_RULE: UrlRule = {
  accepts: "an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587",
  schemes: ["smtp", "smtps"],
  credentials: true,
  query: true,
  malformedHint: " (a user name or password containing @ : / ? # must be percent-encoded, e.g. %40 for @)",
};

/** What is wrong with a URL-valued setting, or undefined when it is right. */
function urlProblem(value: string, rule: UrlRule): string | undefined {
  const schemes = rule.schemes.map((scheme) => `${scheme}://`).join(" or ");
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return `it does not start with ${schemes}`;
  if (!rule.schemes.includes(scheme)) return `${scheme}:// is not accepted`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `it is not a valid URL${rule.malformedHint ?? ""}`;
  }
  if (!url.hostname) return "it names no host";
  if (!rule.credentials && (url.username || url.password))
    return "it carries a user name or password, which does not belong here";
  if (!rule.path && url.pathname !== "/" && url.pathname !== "") return "it has a path, which does not belong here";
  if (!rule.query && url.search) return "it has a ?query, which does not belong here";
  if (url.hash) return "it has a #fragment, which does not belong here";
  return undefined;
}

function urlSetting(name: string, rule: UrlRule) {
  return z.string().superRefine((value, ctx) => {
    const problem = urlProblem(value, rule);
    if (problem) ctx.addIssue({ code: "custom", message: `${name} must be ${rule.accepts}; ${problem}` });
  });
}

const DATABASE_URL_ACCEPTS =
  "DATABASE_URL must be a file: URL naming a SQLite file, e.g. file:./data/charity.sqlite, " +
  "or a postgres:// URL naming a PostgreSQL database, e.g. postgres://charity:secret@db.example.org:5432/charity";

const POSTGRES_URL_RULE: UrlRule = {
  accepts: "a postgres:// URL naming a PostgreSQL database, e.g. postgres://charity:secret@db.example.org:5432/charity",
  schemes: ["postgres", "postgresql"],
  credentials: true,
  path: true,
  // libpq's options (sslmode=require, application_name=…) travel in the query.
  query: true,
  malformedHint: " (a user name or password containing @ : / ? # must be percent-encoded, e.g. %40 for @)",
};

/**
 * DATABASE_URL takes a `file:` URL (`file:relative/path`, `file:/absolute/path` or
 * `file:///absolute/path`) for SQLite, or a `postgres://` URL for PostgreSQL. Any other
 * scheme would otherwise have been read as a file name.
 */
function databaseUrlProblem(value: string): string | undefined {
  if (value === "") return `${DATABASE_URL_ACCEPTS}; it is empty`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === "postgres" || scheme === "postgresql") return postgresUrlProblem(value);
  if (scheme !== "file") {
    return scheme
      ? `${DATABASE_URL_ACCEPTS}; ${scheme}: is not supported`
      : `${DATABASE_URL_ACCEPTS}; for the path ${value} write file:${value}`;
  }
  const rest = value.slice("file:".length);
  if (rest.startsWith("//") && !rest.startsWith("///")) {
    return `${DATABASE_URL_ACCEPTS}; file:// names a file on another machine: write file:/absolute/path or file:///absolute/path`;
  }
  if (rest.includes("?")) return `${DATABASE_URL_ACCEPTS}; it has a ?query, which SQLite files here do not take`;
  if (rest === "" || rest.endsWith("/")) return `${DATABASE_URL_ACCEPTS}; it names no file`;
  return undefined;
}

function postgresUrlProblem(value: string): string | undefined {
  const problem = urlProblem(value, POSTGRES_URL_RULE);
  if (problem) return `DATABASE_URL must be ${POSTGRES_URL_RULE.accepts}; ${problem}`;
  if (new URL(value).pathname.replace(/^\//, "") === "") {
    return `DATABASE_URL must be ${POSTGRES_URL_RULE.accepts}; it names no database (the path after the host)`;
  }
  return undefined;
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ message: "PORT must be a number" })
      .int("PORT must be a whole number")
      .min(0, "PORT must be between 0 and 65535")
      .max(65535, "PORT must be between 0 and 65535")
      .default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .trim()
      .default("file:./data/charity.sqlite")
      .superRefine((value, ctx) => {
        const problem = databaseUrlProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    UPLOADS_DIR: z.string().trim().min(1).default("./uploads"),
    SESSION_SECRET: optionalText.pipe(
      z.string().min(32, "SESSION_SECRET must be at least 32 characters long").optional(),
    ),
    // Seals applicants' personal data (issue 31); see app/lib/data-keys.server.ts.
    DATA_ENCRYPTION_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, "DATA_ENCRYPTION_KEY must be 32 bytes written as 64 hexadecimal characters")
        .optional(),
    ),
    // Keys values may still be sealed with during a rotation, comma separated.
    DATA_ENCRYPTION_OLD_KEYS: optionalText.pipe(
      z
        .string()
        .regex(
          /^[0-9a-fA-F]{64}(\s*,\s*[0-9a-fA-F]{64})*$/,
          "DATA_ENCRYPTION_OLD_KEYS must be keys of 64 hexadecimal characters, separated by commas",
        )
        .optional(),
    ),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(8, "ADMIN_PASSWORD must be at least 8 characters long").optional(),
    ),
    SEED_DEMO: booleanFlag.default(true),
    // Connections each process keeps open to PostgreSQL (SQLite uses one).
    DATABASE_POOL_SIZE: z.coerce
      .number({ message: "DATABASE_POOL_SIZE must be a number" })
      .int("DATABASE_POOL_SIZE must be a whole number")
      .min(2, "DATABASE_POOL_SIZE must be between 2 and 100")
      .max(100, "DATABASE_POOL_SIZE must be between 2 and 100")
      .default(10),
    PUBLIC_URL: optionalText.pipe(
      urlSetting("PUBLIC_URL", PUBLIC_URL_RULE)
        // The origin: scheme, host (lower case) and port, without a trailing slash, so every
        // check of the scheme (Secure cookies, HSTS) and every link reads it one way.
        .transform((value) => new URL(value).origin)
        .optional(),
    ),
    TRUST_PROXY: booleanFlag.default(false),
    SITE_TIMEZONE: z
      .string()
      .trim()
      .default("UTC")
      .refine(isKnownTimeZone, { message: "SITE_TIMEZONE must be an IANA time zone, e.g. Europe/London" }),
    STRIPE_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_/, "STRIPE_SECRET_KEY must start with sk_test_, sk_live_, rk_test_ or rk_live_")
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^pk_(test|live)_/, "STRIPE_PUBLISHABLE_KEY must start with pk_test_ or pk_live_")
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^whsec_/, "STRIPE_WEBHOOK_SECRET must start with whsec_")
        .optional(),
    ),
    STRIPE_API_BASE: optionalText.pipe(urlSetting("STRIPE_API_BASE", STRIPE_API_BASE_RULE).optional()),
    // Mail: without SMTP_URL nothing leaves the machine; messages wait in the admin Outbox.
    SMTP_URL: optionalText.pipe(urlSetting("SMTP_URL", SMTP_URL_RULE).optional()),
    MAIL_FROM: optionalText.pipe(
      z
        .string()
        .refine((value) => /^[^<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(value), {
          message: 'MAIL_FROM must be an address, e.g. "Al-Amanah Foundation <giving@example.org>"',
        })
        .optional(),
    ),
    // The foundation as its receipts, mails and contact details name it (placeholders until set).
    ORG_LEGAL_NAME: optionalText.transform((value) => value ?? PLACEHOLDER_ORGANISATION.legalName),
    ORG_TAX_ID: optionalText.transform((value) => value ?? PLACEHOLDER_ORGANISATION.taxId),
    ORG_ADDRESS: optionalText.transform((value) => value ?? PLACEHOLDER_ORGANISATION.address),
    ORG_EMAIL: optionalText
      .pipe(z.email({ message: "ORG_EMAIL must be an email address, e.g. info@example.org" }).optional())
      .transform((value) => value ?? PLACEHOLDER_ORGANISATION.email),
    ORG_PHONE: optionalText.transform((value) => value ?? PLACEHOLDER_ORGANISATION.phone),
    STAFF_NOTIFY_EMAIL: optionalText.pipe(
      z.email({ message: "STAFF_NOTIFY_EMAIL must be an email address" }).optional(),
    ),
    YOUTUBE_THUMBNAIL_BASE: optionalText
      .pipe(urlSetting("YOUTUBE_THUMBNAIL_BASE", YOUTUBE_THUMBNAIL_BASE_RULE).optional())
      .transform((value) => (value ?? "https://i.ytimg.com").replace(/\/+$/, "")),
  })
  .superRefine((env, ctx) => {
    // Several processes share one PostgreSQL database: a secret generated by each would
    // sign cookies the others refuse, and one kept in the database would sit beside the
    // session ids it protects.
    if (databaseEngine(env) === "postgres" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message:
          "SESSION_SECRET is required with a postgres:// DATABASE_URL: every app process must sign sessions with the same secret",
      });
    }
    if (env.ADMIN_PASSWORD && !env.ADMIN_USERNAME) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_USERNAME"],
        message: "ADMIN_USERNAME is required when ADMIN_PASSWORD is set",
      });
    }
    // Mail that leaves the machine links back to the site and names its sender: both must be real.
    if (env.SMTP_URL && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "PUBLIC_URL is required with SMTP_URL: links in mail must point at the real site",
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_FROM"],
        message: "MAIL_FROM is required with SMTP_URL: an address your mail server may send as",
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message:
          "STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY: donations are recorded from verified webhooks",
      });
    }
  });

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "InvalidEnvironmentError";
  }
}

/** Parses an environment (process.env by default) into the validated settings. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new InvalidEnvironmentError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`),
    );
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated settings of this process, read once. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Forgets the cached settings (tests change the environment between suites). */
export function resetEnvCache(): void {
  cached = undefined;
}

/** Sandbox mode: without a Stripe secret key, payments go through the built-in simulated checkout. */
export function isSandboxMode(env: Env = getEnv()): boolean {
  return !env.STRIPE_SECRET_KEY;
}

export type PaymentMode = "sandbox" | "stripe-test" | "live";

/** Whether money can really move: only with Stripe live keys. */
export function paymentMode(env: Env = getEnv()): PaymentMode {
  if (isSandboxMode(env)) return "sandbox";
  return /^(sk|rk)_test_/.test(env.STRIPE_SECRET_KEY ?? "") ? "stripe-test" : "live";
}

/**
 * Test mode: the sandbox or Stripe test keys, where no money moves. What may only be done
 * when nothing is real (rehearsing Ramadan's nights out of season) asks this, never which
 * of the two it is.
 */
export function isTestMode(env: Env = getEnv()): boolean {
  return paymentMode(env) !== "live";
}

/** Test mode rehearses Ramadan's nights out of season, read against the foundation's today; null with live keys. */
export function rehearsalToday(env: Env = getEnv()): string | null {
  return isTestMode(env) ? todayIn(env.SITE_TIMEZONE) : null;
}

/**
 * Test payments count in the totals only while the site itself is in a test mode, so a
 * newcomer sees their sandbox gift in the figures, and a live site never shows them.
 */
export function countedTestFlags(env: Env = getEnv()): (0 | 1)[] {
  return paymentMode(env) === "live" ? [0] : [0, 1];
}

export type DatabaseEngine = "sqlite" | "postgres";

/** Which database DATABASE_URL names: a SQLite file or a PostgreSQL database. */
export function databaseEngine(env: Pick<Env, "DATABASE_URL"> = getEnv()): DatabaseEngine {
  return /^postgres(ql)?:/i.test(env.DATABASE_URL) ? "postgres" : "sqlite";
}

/** The database as messages may name it: the SQLite file, or the PostgreSQL URL without its password. */
export function databaseLabel(env: Env = getEnv()): string {
  if (databaseEngine(env) === "sqlite") return path.resolve(databaseFilePath(env));
  const url = new URL(env.DATABASE_URL);
  if (url.password) url.password = "***";
  return url.toString();
}

/** The SQLite file DATABASE_URL names: `file:x` is x, `file:///abs` is /abs. */
export function databaseFilePath(env: Env = getEnv()): string {
  if (databaseEngine(env) !== "sqlite") throw new Error("DATABASE_URL names a PostgreSQL database, not a SQLite file");
  const rest = env.DATABASE_URL.replace(/^file:/i, "");
  return rest.startsWith("///") ? rest.slice(2) : rest;
}
