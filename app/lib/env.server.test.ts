import { describe, expect, it } from "vitest";
import {
  databaseEngine,
  databaseFilePath,
  databaseLabel,
  InvalidEnvironmentError,
  isSandboxMode,
  parseEnv,
} from "./env.server";

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
    expect(env).toMatchObject({
      SMTP_URL: "smtps://user:pass@mail.example.org:465",
      MAIL_FROM: '"Al-Amanah" <giving@example.org>',
      STAFF_NOTIFY_EMAIL: "staff@example.org",
    });
    expect(parseEnv({ MAIL_FROM: "giving@example.org" }).MAIL_FROM).toBe("giving@example.org");
    expect(() => parseEnv({ SMTP_URL: "http://mail.example.org" })).toThrow(
      /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => parseEnv({ MAIL_FROM: "Al-Amanah Foundation" })).toThrow(/MAIL_FROM must be an address/);
    expect(() => parseEnv({ STAFF_NOTIFY_EMAIL: "staff" })).toThrow(/STAFF_NOTIFY_EMAIL must be an email address/);
    // Mail that leaves needs the real site address for its links, and a real sender.
    expect(() => parseEnv({ SMTP_URL: "smtp://mail.example.org" })).toThrow(
      /PUBLIC_URL is required with SMTP_URL[\s\S]*MAIL_FROM is required with SMTP_URL/,
    );
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

/** The one problem parseEnv reports for these settings, or null when they are accepted. */
function refusal(settings: Record<string, string>): string | null {
  try {
    parseEnv(settings);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as InvalidEnvironmentError).problems.join("\n");
  }
}

describe("DATABASE_URL", () => {
  it.each([
    ["file:./data/charity.sqlite", "./data/charity.sqlite"],
    ["file:data/charity.sqlite", "data/charity.sqlite"],
    ["file:/var/lib/charity/charity.sqlite", "/var/lib/charity/charity.sqlite"],
    ["file:///var/lib/charity/charity.sqlite", "/var/lib/charity/charity.sqlite"],
    ["  file:/tmp/x.sqlite  ", "/tmp/x.sqlite"],
    ["FILE:/tmp/x.sqlite", "/tmp/x.sqlite"],
  ])("accepts %s as the SQLite file %s", (value, file) => {
    const env = parseEnv({ DATABASE_URL: value });
    expect(databaseFilePath(env)).toBe(file);
  });

  it.each([
    "postgres://user@host:5432/db",
    "postgresql://user:secret@db.example.org/charity?sslmode=require",
    "POSTGRES://host/db",
  ])("takes %s as a PostgreSQL database, with a SESSION_SECRET", (value) => {
    const env = parseEnv({ DATABASE_URL: value, SESSION_SECRET: "x".repeat(32) });
    expect(databaseEngine(env)).toBe("postgres");
    expect(() => databaseFilePath(env)).toThrow(/not a SQLite file/);
  });

  it("never prints a PostgreSQL password in the database's label", () => {
    const env = parseEnv({
      DATABASE_URL: "postgres://charity:s3cret@db.example.org:5432/charity",
      SESSION_SECRET: "x".repeat(32),
    });
    expect(databaseLabel(env)).toBe("postgres://charity:***@db.example.org:5432/charity");
  });

  it("asks for SESSION_SECRET with PostgreSQL, where several processes must sign alike", () => {
    expect(refusal({ DATABASE_URL: "postgres://user@host:5432/db" })).toBe(
      "SESSION_SECRET: SESSION_SECRET is required with a postgres:// DATABASE_URL: every app process must sign sessions with the same secret",
    );
  });

  it.each([
    ["postgres://user@host:5432", /it names no database/],
    ["postgres://user@host:5432/", /it names no database/],
    ["postgres:///charity", /it names no host/],
    ["postgres://host/db#x", /#fragment/],
  ])("refuses the PostgreSQL URL %j with the reason", (value, reason) => {
    const problem = refusal({ DATABASE_URL: value, SESSION_SECRET: "x".repeat(32) });
    expect(problem).toMatch(/^DATABASE_URL: DATABASE_URL must be a postgres:\/\/ URL naming a PostgreSQL database/);
    expect(problem).toMatch(reason);
  });

  it.each([["1"], ["101"], ["ten"]])("refuses DATABASE_POOL_SIZE=%s", (value) => {
    expect(refusal({ DATABASE_POOL_SIZE: value })).toMatch(/^DATABASE_POOL_SIZE: DATABASE_POOL_SIZE must be/);
  });

  it.each([
    [
      "mysql://root@localhost/charity",
      /DATABASE_URL must be a file: URL naming a SQLite file.*; mysql: is not supported$/,
    ],
    ["http://db.example.org/charity.sqlite", /; http: is not supported$/],
    ["sqlite:./data/charity.sqlite", /; sqlite: is not supported$/],
    ["./data/charity.sqlite", /; for the path \.\/data\/charity\.sqlite write file:\.\/data\/charity\.sqlite$/],
    ["/var/lib/charity.sqlite", /; for the path \/var\/lib\/charity\.sqlite write file:\/var\/lib\/charity\.sqlite$/],
    ["", /; it is empty$/],
    ["file:", /; it names no file$/],
    ["file:./data/", /; it names no file$/],
    ["file://./data/charity.sqlite", /; file:\/\/ names a file on another machine/],
    ["file://db-server/charity.sqlite", /; file:\/\/ names a file on another machine/],
    ["file:./data/charity.sqlite?mode=ro", /; it has a \?query/],
  ])("refuses %j, naming the variable and what it accepts", (value, reason) => {
    const problem = refusal({ DATABASE_URL: value });
    expect(problem).toMatch(
      /^DATABASE_URL: DATABASE_URL must be a file: URL naming a SQLite file, e\.g\. file:\.\/data\/charity\.sqlite/,
    );
    expect(problem).toMatch(reason);
  });
});

describe("URL-valued settings", () => {
  const required = { PUBLIC_URL: "https://give.example.org", MAIL_FROM: "giving@example.org" };

  it("takes PUBLIC_URL as the site's origin: http(s), a host and a port", () => {
    for (const [value, origin] of [
      ["https://give.example.org", "https://give.example.org"],
      ["https://give.example.org/", "https://give.example.org"],
      ["http://localhost:3000", "http://localhost:3000"],
      ["HTTPS://Give.Example.org:443/", "https://give.example.org"],
      ["http://[::1]:8080", "http://[::1]:8080"],
    ]) {
      expect(parseEnv({ PUBLIC_URL: value }).PUBLIC_URL).toBe(origin);
    }
  });

  it.each([
    ["https//give.example.org", "it does not start with http:// or https://"],
    ["give.example.org", "it does not start with http:// or https://"],
    ["localhost:3000", "it does not start with http:// or https://"],
    ["https://give example.org", "it is not a valid URL"],
    ["https://give.example.org:99999", "it is not a valid URL"],
    ["ftp://give.example.org", "ftp:// is not accepted"],
    ["https://admin:secret@give.example.org", "it carries a user name or password, which does not belong here"],
    ["https://give.example.org/charity", "it has a path, which does not belong here"],
    ["https://give.example.org/?ref=1", "it has a ?query, which does not belong here"],
    ["https://give.example.org/#top", "it has a #fragment, which does not belong here"],
  ])("refuses PUBLIC_URL=%j: %s", (value, reason) => {
    expect(refusal({ PUBLIC_URL: value })).toBe(
      `PUBLIC_URL: PUBLIC_URL must be the site's own address: http:// or https://, a host and an optional port, e.g. https://give.example.org; ${reason}`,
    );
  });

  it("takes SMTP_URL as smtp:// or smtps:// with credentials and options", () => {
    for (const value of [
      "smtp://mail.example.org",
      "smtp://mail.example.org:587",
      "smtps://user:p%40ss@mail.example.org:465",
      "smtp://user:pass@127.0.0.1:2525/",
      "smtp://mail.example.org:587?pool=true",
    ]) {
      expect(parseEnv({ ...required, SMTP_URL: value }).SMTP_URL).toBe(value);
    }
  });

  it.each([
    ["http://mail.example.org", "http:// is not accepted"],
    ["mail.example.org:587", "it does not start with smtp:// or smtps://"],
    ["smtp:mail.example.org", "it does not start with smtp:// or smtps://"],
    [
      "smtp://user:pa/ss@mail.example.org",
      "it is not a valid URL (a user name or password containing @ : / ? # must be percent-encoded, e.g. %40 for @)",
    ],
    ["smtp://mail.example.org/inbox", "it has a path, which does not belong here"],
    ["smtp://mail.example.org#x", "it has a #fragment, which does not belong here"],
  ])("refuses SMTP_URL=%j without repeating it: %s", (value, reason) => {
    const problem = refusal({ ...required, SMTP_URL: value });
    expect(problem).toBe(
      `SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587; ${reason}`,
    );
  });

  it("takes STRIPE_API_BASE as http(s), a host and a port", () => {
    for (const value of ["http://127.0.0.1:12111", "https://stripe-proxy.internal", "https://stripe-proxy.internal/"]) {
      expect(parseEnv({ STRIPE_API_BASE: value }).STRIPE_API_BASE).toBe(value);
    }
  });

  it.each([
    ["127.0.0.1:12111", "it does not start with http:// or https://"],
    ["ftp://127.0.0.1:12111", "ftp:// is not accepted"],
    ["http://127.0.0.1:port", "it is not a valid URL"],
    ["https://user:pass@stripe-proxy.internal", "it carries a user name or password, which does not belong here"],
    ["https://stripe-proxy.internal/v1", "it has a path, which does not belong here"],
    ["https://stripe-proxy.internal?x=1", "it has a ?query, which does not belong here"],
  ])("refuses STRIPE_API_BASE=%j: %s", (value, reason) => {
    expect(refusal({ STRIPE_API_BASE: value })).toBe(
      `STRIPE_API_BASE: STRIPE_API_BASE must be the address of a Stripe-compatible server: http:// or https://, a host and an optional port, e.g. http://127.0.0.1:12111; ${reason}`,
    );
  });

  it("takes YOUTUBE_THUMBNAIL_BASE as http(s) with an optional path, without trailing slashes", () => {
    expect(parseEnv({}).YOUTUBE_THUMBNAIL_BASE).toBe("https://i.ytimg.com");
    expect(parseEnv({ YOUTUBE_THUMBNAIL_BASE: "http://127.0.0.1:8080/" }).YOUTUBE_THUMBNAIL_BASE).toBe(
      "http://127.0.0.1:8080",
    );
    expect(parseEnv({ YOUTUBE_THUMBNAIL_BASE: "https://mirror.example.org/youtube/" }).YOUTUBE_THUMBNAIL_BASE).toBe(
      "https://mirror.example.org/youtube",
    );
  });

  it.each([
    ["i.ytimg.com", "it does not start with http:// or https://"],
    ["ftp://i.ytimg.com", "ftp:// is not accepted"],
    ["https://i.ytimg .com", "it is not a valid URL"],
    ["https://user:pass@mirror.example.org", "it carries a user name or password, which does not belong here"],
    ["https://mirror.example.org/?key=1", "it has a ?query, which does not belong here"],
    ["https://mirror.example.org/#x", "it has a #fragment, which does not belong here"],
  ])("refuses YOUTUBE_THUMBNAIL_BASE=%j: %s", (value, reason) => {
    expect(refusal({ YOUTUBE_THUMBNAIL_BASE: value })).toBe(
      `YOUTUBE_THUMBNAIL_BASE: YOUTUBE_THUMBNAIL_BASE must be an http:// or https:// address to fetch YouTube stills from, e.g. https://i.ytimg.com; ${reason}`,
    );
  });
});
