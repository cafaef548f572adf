import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { isVisitorFetch, isVisitorRead, pageKeyOf, withoutTracking } from "./visitor-request.server";

function incoming(
  url: string,
  headers: Record<string, string | string[]> = {},
  { method = "GET", encrypted = false } = {},
): IncomingMessage {
  return { method, url, headers, socket: encrypted ? { encrypted: true } : {} } as unknown as IncomingMessage;
}

describe("a visitor's read", () => {
  it("is a GET or HEAD with no session cookie and no API token", () => {
    expect(isVisitorRead("GET", undefined, undefined)).toBe(true);
    expect(isVisitorRead("HEAD", "theme=dark; lang=ar", null)).toBe(true);
    expect(isVisitorRead("POST", undefined, undefined)).toBe(false);
    expect(isVisitorRead("OPTIONS", undefined, undefined)).toBe(false);
    expect(isVisitorRead("GET", undefined, "Bearer abc")).toBe(false);
  });

  it("is not a signed-in (or lately signed-in) staff member's or donor's", () => {
    expect(isVisitorRead("GET", "admin_session=abc", undefined)).toBe(false);
    expect(isVisitorRead("GET", "theme=dark; admin_session=abc", undefined)).toBe(false);
    expect(isVisitorRead("GET", "theme=dark;my_giving=abc", undefined)).toBe(false);
    expect(isVisitorRead("GET", "my_giving=", undefined)).toBe(false);
  });

  it("is a visitor's when a cookie only looks like a session's", () => {
    expect(isVisitorRead("GET", "xadmin_session=abc", undefined)).toBe(true);
    expect(isVisitorRead("GET", "theme=admin_session; not_my_giving=1", undefined)).toBe(true);
    expect(isVisitorRead("GET", "admin_session_hint=1", undefined)).toBe(true);
  });

  it("asks the same of a Fetch request", () => {
    expect(isVisitorFetch(new Request("http://x.test/"))).toBe(true);
    expect(isVisitorFetch(new Request("http://x.test/", { method: "HEAD" }))).toBe(true);
    expect(isVisitorFetch(new Request("http://x.test/", { headers: { Cookie: "my_giving=1" } }))).toBe(false);
    expect(isVisitorFetch(new Request("http://x.test/", { headers: { Authorization: "Bearer t" } }))).toBe(false);
    expect(isVisitorFetch(new Request("http://x.test/", { method: "POST" }))).toBe(false);
  });
});

describe("where a kept page is filed", () => {
  it("by scheme, Host and the whole address with its query", () => {
    expect(pageKeyOf(incoming("/stories?page=2", { host: "give.example.org" }), false)).toBe(
      "http|give.example.org|/stories?page=2",
    );
    expect(pageKeyOf(incoming("/", { host: "give.example.org" }, { encrypted: true }), false)).toBe(
      "https|give.example.org|/",
    );
    const keys = new Set(["/", "/?a=1", "/stories"].map((url) => pageKeyOf(incoming(url, { host: "h" }), false)));
    expect(keys.size).toBe(3);
    expect(pageKeyOf(incoming("/", { host: "evil.example" }), false)).not.toBe(
      pageKeyOf(incoming("/", { host: "give.example.org" }), false),
    );
  });

  it("never for a request that is not a visitor's read", () => {
    expect(pageKeyOf(incoming("/", { host: "h", cookie: "admin_session=s" }), false)).toBeUndefined();
    expect(pageKeyOf(incoming("/", { host: "h", authorization: "Bearer t" }), false)).toBeUndefined();
    expect(pageKeyOf(incoming("/", { host: "h" }, { method: "POST" }), false)).toBeUndefined();
    expect(pageKeyOf(incoming("/", { host: "h", cookie: "xadmin_session=s" }), false)).toBeDefined();
  });

  it("with the forwarded scheme and host only behind a trusted proxy", () => {
    const proxied = incoming("/", {
      host: "app:3000",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "give.example.org",
    });
    const plain = incoming("/", { host: "app:3000" });
    expect(pageKeyOf(proxied, false)).toBe(pageKeyOf(plain, false));
    expect(pageKeyOf(proxied, true)).not.toBe(pageKeyOf(plain, true));
    expect(pageKeyOf(proxied, true)).toContain("give.example.org");
    const otherHost = incoming("/", {
      host: "app:3000",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "evil.example",
    });
    expect(pageKeyOf(otherHost, true)).not.toBe(pageKeyOf(proxied, true));
    const otherScheme = incoming("/", {
      host: "app:3000",
      "x-forwarded-proto": "http",
      "x-forwarded-host": "give.example.org",
    });
    expect(pageKeyOf(otherScheme, true)).not.toBe(pageKeyOf(proxied, true));
  });
});

describe("a session cookie read as the app reads it", () => {
  it("counts a name with spaces around it, as the cookie parser trims them", () => {
    expect(isVisitorRead("GET", "admin_session =s", null)).toBe(false);
    expect(isVisitorRead("GET", "theme=dark;   my_giving\t=s", null)).toBe(false);
    expect(isVisitorRead("GET", "note=admin_session=s", null)).toBe(true);
  });
});

describe("long and tracked addresses", () => {
  it("are never filed when longer than 1 KiB", () => {
    expect(pageKeyOf(incoming(`/stories?q=${"a".repeat(1_100)}`, { host: "h" }), false)).toBeUndefined();
    expect(pageKeyOf(incoming("/stories", { host: "h".repeat(1_100) }), false)).toBeUndefined();
  });

  it("lose the parameters shared links carry, and nothing else", () => {
    expect(withoutTracking("/appeals/winter?fbclid=IwAR0abc")).toBe("/appeals/winter");
    expect(withoutTracking("/donate?amount=50&utm_source=mail&utm_campaign=ramadan&gclid=x")).toBe("/donate?amount=50");
    expect(withoutTracking("/donate?amount=50&frequency=Monthly")).toBe("/donate?amount=50&frequency=Monthly");
    expect(withoutTracking("/stories")).toBe("/stories");
    expect(withoutTracking("/?utm=kept&mc_cid=1")).toBe("/?utm=kept");
  });
});
