import { z } from "zod";
import { PLACEHOLDER_ORGANISATION } from "~/domain/shared/foundation";

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
      .refine((value) => value.replace(/^file:/, "").length > 0, {
        message: "DATABASE_URL must name a file, e.g. file:./data/charity.sqlite",
      }),
    UPLOADS_DIR: z.string().trim().min(1).default("./uploads"),
    SESSION_SECRET: optionalText.pipe(
      z.string().min(32, "SESSION_SECRET must be at least 32 characters long").optional(),
    ),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(8, "ADMIN_PASSWORD must be at least 8 characters long").optional(),
    ),
    SEED_DEMO: booleanFlag.default(true),
    PUBLIC_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/, message: "PUBLIC_URL must be an absolute http(s) URL" })
        .transform((value) => value.replace(/\/+$/, ""))
        .optional(),
    ),
    TRUST_PROXY: booleanFlag.default(false),
    SITE_TIMEZONE: z
      .string()
      .trim()
      .default("UTC")
      .refine(isKnownTimeZone, { message: "SITE_TIMEZONE must be an IANA time zone, e.g. Europe/London" }),
    STRIPE_SECRET_KEY: optionalText.pipe(
      z.string().regex(/^(sk|rk)_(test|live)_/, "STRIPE_SECRET_KEY must start with sk_test_, sk_live_, rk_test_ or rk_live_").optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalText.pipe(
      z.string().regex(/^pk_(test|live)_/, "STRIPE_PUBLISHABLE_KEY must start with pk_test_ or pk_live_").optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z.string().regex(/^whsec_/, "STRIPE_WEBHOOK_SECRET must start with whsec_").optional(),
    ),
    STRIPE_API_BASE: optionalText.pipe(
      z.url({ protocol: /^https?$/, message: "STRIPE_API_BASE must be an http(s) URL" }).optional(),
    ),
    // Mail: without SMTP_URL nothing leaves the machine; messages wait in the admin Outbox.
    SMTP_URL: optionalText.pipe(
      z
        .url({ protocol: /^smtps?$/, message: "SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587" })
        .optional(),
    ),
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
    STAFF_NOTIFY_EMAIL: optionalText.pipe(z.email({ message: "STAFF_NOTIFY_EMAIL must be an email address" }).optional()),
    YOUTUBE_THUMBNAIL_BASE: optionalText
      .pipe(z.url({ protocol: /^https?$/, message: "YOUTUBE_THUMBNAIL_BASE must be an http(s) URL" }).optional())
      .transform((value) => (value ?? "https://i.ytimg.com").replace(/\/+$/, "")),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_PASSWORD && !env.ADMIN_USERNAME) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_USERNAME"], message: "ADMIN_USERNAME is required when ADMIN_PASSWORD is set" });
    }
    // Mail that leaves the machine links back to the site and names its sender: both must be real.
    if (env.SMTP_URL && !env.PUBLIC_URL) {
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "PUBLIC_URL is required with SMTP_URL: links in mail must point at the real site" });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "MAIL_FROM is required with SMTP_URL: an address your mail server may send as" });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY: donations are recorded from verified webhooks",
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
 * Test payments count in the totals only while the site itself is in a test mode, so a
 * newcomer sees their sandbox gift in the figures, and a live site never shows them.
 */
export function countedTestFlags(env: Env = getEnv()): (0 | 1)[] {
  return paymentMode(env) === "live" ? [0] : [0, 1];
}

export function databaseFilePath(env: Env = getEnv()): string {
  return env.DATABASE_URL.replace(/^file:/, "");
}
