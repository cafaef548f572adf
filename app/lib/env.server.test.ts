import { describe, expect, it } from "vitest";
import { InvalidEnvironmentError, isSandboxMode, parseEnv } from "./env.server";

describe("configuration", () => {
  it("has working defaults for every variable", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATABASE_URL: "file:./data/charity.sqlite",
      UPLOADS_DIR: "./uploads",
      SEED_DEMO: true,
      SITE_TIMEZONE: "UTC",
      TRUST_PROXY: false,
    });
    expect(env.SESSION_SECRET).toBeUndefined();
    expect(isSandboxMode(env)).toBe(true);
  });

  it("treats empty values as unset and SEED_DEMO=0 as off", () => {
    const env = parseEnv({ PUBLIC_URL: "", STRIPE_SECRET_KEY: "", SEED_DEMO: "0" });
    expect(env.PUBLIC_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(false);
  });

  it("takes an smtp:// or smtps:// SMTP_URL, a MAIL_FROM address and a staff address, and refuses others by name", () => {
    const env = parseEnv({
      SMTP_URL: "smtps://user:pass@mail.example.org:465",
      MAIL_FROM: '"Al-Amanah" <giving@example.org>',
      STAFF_NOTIFY_EMAIL: "staff@example.org",
      PUBLIC_URL: "https://give.example.org",
    });
    expect(env).toMatchObject({ SMTP_URL: "smtps://user:pass@mail.example.org:465", MAIL_FROM: '"Al-Amanah" <giving@example.org>', STAFF_NOTIFY_EMAIL: "staff@example.org" });
    expect(parseEnv({ MAIL_FROM: "giving@example.org" }).MAIL_FROM).toBe("giving@example.org");
    expect(() => parseEnv({ SMTP_URL: "http://mail.example.org" })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => parseEnv({ MAIL_FROM: "Al-Amanah Foundation" })).toThrow(/MAIL_FROM must be an address/);
    expect(() => parseEnv({ STAFF_NOTIFY_EMAIL: "staff" })).toThrow(/STAFF_NOTIFY_EMAIL must be an email address/);
    // Mail that leaves needs the real site address for its links, and a real sender.
    expect(() => parseEnv({ SMTP_URL: "smtp://mail.example.org" })).toThrow(/PUBLIC_URL is required with SMTP_URL[\s\S]*MAIL_FROM is required with SMTP_URL/);
  });

  it("normalises PUBLIC_URL without a trailing slash", () => {
    expect(parseEnv({ PUBLIC_URL: "https://give.example.org/" }).PUBLIC_URL).toBe("https://give.example.org");
  });

  it("reports every wrong value at once, by name", () => {
    try {
      parseEnv({
        PORT: "70000",
        SESSION_SECRET: "short",
        SITE_TIMEZONE: "Mars/Olympus",
        STRIPE_SECRET_KEY: "pk_test_wrong",
        PUBLIC_URL: "ftp://x",
        SEED_DEMO: "maybe",
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvironmentError);
      const message = (error as Error).message;
      for (const name of ["PORT", "SESSION_SECRET", "SITE_TIMEZONE", "STRIPE_SECRET_KEY", "PUBLIC_URL", "SEED_DEMO"]) {
        expect(message).toContain(`${name}:`);
      }
    }
  });

  it("needs the webhook secret with live Stripe keys, and a username with a password", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_123" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseEnv({ ADMIN_PASSWORD: "long-enough" })).toThrow(/ADMIN_USERNAME/);
    const live = parseEnv({ STRIPE_SECRET_KEY: "sk_live_1", STRIPE_WEBHOOK_SECRET: "whsec_1" });
    expect(isSandboxMode(live)).toBe(false);
  });
});
