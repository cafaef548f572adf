import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { adminContext } from "~/lib/request-context";
import routeTable from "~/routes";
import { createTestAdmin } from "../support/admins";
import { callWithRequest, makeContext, ORIGIN, unwrapData } from "../support/routes";

/**
 * Every page and admin action, found in the route table (so a new one is covered without
 * a word here), is sent each kind of body a browser never sends: it must answer 415 or
 * 400 with a `{detail}` in words, log one warning line and never fail with a 5xx.
 */
type Action = (args: never) => unknown;

/** Actions that take no body at all: a bad one changes nothing, but must not break them either. */
// A button whose address is its whole request: the card link reads no fields.
// A passkey ceremony's options: the person (or the visitor) asking is the whole of the request.
const READS_NO_BODY = new Set([
  "staff/sign-in/routes/admin-logout.ts",
  "giving/recurring/routes/update-card.tsx",
  "staff/passkeys/routes/admin-passkeys-options.ts",
  "staff/passkeys/routes/admin-login-passkey-options.ts",
  "staff/passkeys/routes/admin-login-second-step-options.ts",
  "staff/passkeys/routes/admin-passkeys-confirm-options.ts",
]);

interface ActionRoute {
  file: string;
  path: string;
  action: Action;
}

function routeFiles(entries: RouteConfigEntry[], parent = ""): { file: string; path: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    return [{ file: entry.file, path: path || "/" }, ...routeFiles(entry.children ?? [], path)];
  });
}

// Param segments and splats get a value, so each route is called at an address it answers.
const addressOf = (pattern: string) =>
  pattern
    .replace(/:[^/]+/g, "x")
    .replace(/\*$/, "x")
    .replace(/\/+/g, "/");

const routeModules = import.meta.glob<{ action?: Action }>([
  "../../app/*/*/routes/*.{ts,tsx}",
  "!../../app/*/*/routes/api-*",
  "!../../app/**/*.test.*",
]);

async function actionRoutes(): Promise<ActionRoute[]> {
  const routes: ActionRoute[] = [];
  // The JSON API reads JSON and answers bad bodies itself (lib/api.server.ts).
  for (const { file, path } of routeFiles(await routeTable).filter(({ file }) => !/\/routes\/api-/.test(file))) {
    const load = routeModules[`../../app/${file}`];
    if (!load) throw new Error(`The route table names ${file}, which was not found`);
    const { action } = await load();
    if (action) routes.push({ file, path: addressOf(path), action });
  }
  return routes;
}

const MULTIPART_FIELD = '--XyZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n';

const BAD_BODIES: { kind: string; status: 400 | 415; headers: Record<string, string>; body: () => BodyInit }[] = [
  {
    kind: "JSON",
    status: 415,
    headers: { "Content-Type": "application/json" },
    body: () => JSON.stringify({ email: "a@b.org" }),
  },
  { kind: "plain text", status: 415, headers: { "Content-Type": "text/plain" }, body: () => "email=a@b.org" },
  // A byte array, unlike a string, gets no Content-Type from the Request itself.
  { kind: "no content type", status: 415, headers: {}, body: () => new TextEncoder().encode("email=a@b.org") },
  {
    kind: "multipart without a boundary",
    status: 400,
    headers: { "Content-Type": "multipart/form-data" },
    body: () => `${MULTIPART_FIELD}--XyZ--\r\n`,
  },
  {
    kind: "multipart with the wrong boundary",
    status: 400,
    headers: { "Content-Type": "multipart/form-data; boundary=AbC" },
    body: () => `${MULTIPART_FIELD}--XyZ--\r\n`,
  },
  {
    kind: "multipart cut short",
    status: 400,
    headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
    body: () => `${MULTIPART_FIELD}--XyZ\r\nContent-Disposition: form-data; name="ti`,
  },
  // Cut inside a file, once in a field no page takes and once in each upload screen's own field.
  ...["other_file", "file", "image_file"].map((field) => ({
    kind: `multipart cut short inside the file ${field}`,
    status: 400 as const,
    headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
    body: () =>
      `${MULTIPART_FIELD}--XyZ\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`,
  })),
  {
    kind: "a body that breaks off",
    status: 400,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: brokenStream,
  },
];

function brokenStream(): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (sent) return controller.error(new Error("connection reset"));
      sent = true;
      controller.enqueue(new TextEncoder().encode("email=a%40b.org&name="));
    },
  });
}

function post(path: string, headers: Record<string, string>, body: BodyInit): Request {
  return new Request(new URL(path, ORIGIN), { method: "POST", headers, body, duplex: "half" } as RequestInit);
}

let routes: ActionRoute[];
let staff: Awaited<ReturnType<typeof createTestAdmin>>["admin"];
let visitor = 0;

function staffContext() {
  // A fresh address each time, so no rate limit has a say in what is measured.
  const context = makeContext(`198.51.100.${(visitor = (visitor % 250) + 1)}`);
  context.set(adminContext, staff);
  return context;
}

/** The status a client would get; an error thrown as such is React Router's 500. */
async function send(route: ActionRoute, request: Request) {
  const outcome = await callWithRequest(route.action, request, { context: staffContext(), params: { sessionId: "x" } });
  if (outcome instanceof Error) return { status: 500, data: String(outcome) };
  return unwrapData(outcome);
}

const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
afterEach(() => warn.mockClear());

beforeAll(async () => {
  routes = await actionRoutes();
  ({ admin: staff } = await createTestAdmin());
});

describe("posts that are not web forms", () => {
  it("finds the page and admin actions in the route table", () => {
    const files = routes.map((route) => route.file);
    expect(files).toEqual(
      expect.arrayContaining([
        "community/contacts/routes/contact.tsx",
        "content/media/routes/admin-media.tsx",
        "staff/sign-in/routes/admin-login.tsx",
        "giving/provider/routes/sandbox-checkout.tsx",
      ]),
    );
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  for (const bad of BAD_BODIES) {
    it(`answers ${bad.kind} with ${bad.status} and a plain message on every action`, async () => {
      const answers: string[] = [];
      for (const route of routes) {
        warn.mockClear();
        const { status, data } = await send(route, post(route.path, bad.headers, bad.body()));
        if (READS_NO_BODY.has(route.file)) {
          answers.push(`${route.path} ${status < 500 ? "ok" : status}`);
          continue;
        }
        const detail = (data as { detail?: unknown } | null)?.detail;
        const logged = warn.mock.calls.map((call) => call.map(String).join(" "));
        const fine =
          status === bad.status && typeof detail === "string" && logged.length === 1 && logged[0]!.includes(route.path);
        answers.push(
          `${route.path} ${fine ? "ok" : `${status} ${JSON.stringify(data)} logged ${JSON.stringify(logged)}`}`,
        );
      }
      expect(answers).toEqual(routes.map((route) => `${route.path} ok`));
    });
  }

  it("says what was sent and what a form must be", async () => {
    const contact = routes.find((route) => route.file === "community/contacts/routes/contact.tsx")!;
    const asJson = await send(contact, post("/contact", { "Content-Type": "application/json; charset=utf-8" }, "{}"));
    expect(asJson).toMatchObject({
      status: 415,
      data: { detail: expect.stringMatching(/must be sent as a web form .*sent as application\/json\.$/) },
    });
    const bare = await send(contact, post("/contact", {}, new Uint8Array([1])));
    expect((bare.data as { detail: string }).detail).toMatch(/without a content type/);
    const cut = await send(contact, post("/contact", BAD_BODIES[5]!.headers, BAD_BODIES[5]!.body()));
    expect(cut).toMatchObject({ status: 400, data: { detail: expect.stringMatching(/did not arrive whole/) } });
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it("accepts garbled URL-encoding as the form it is, never with a 5xx", async () => {
    for (const route of routes) {
      const { status } = await send(
        route,
        post(
          route.path,
          { "Content-Type": "application/x-www-form-urlencoded" },
          "%%%&&==\u0000\u00ff&intent=%E0%A4%A",
        ),
      );
      expect(`${route.path} ${status}`).toMatch(/ [1-4]\d\d$/);
    }
  });
});

describe("a form naming an action its page does not have", () => {
  it("is refused with the same 400 and message on every screen with intents", async () => {
    const screens = [
      "/admin/donations",
      "/admin/contacts",
      "/admin/volunteers",
      "/admin/newsletter",
      "/admin/subscriptions",
      "/admin/stories",
      "/admin/media",
      "/sandbox/checkout/x",
    ];
    for (const path of screens) {
      const route = routes.find((candidate) => candidate.path === path)!;
      warn.mockClear();
      const form = new URLSearchParams({ intent: "archive-everything", key: "hero_video" });
      const answer = await send(route, post(path, { "Content-Type": "application/x-www-form-urlencoded" }, form));
      expect({ path, ...answer }).toEqual({
        path,
        status: 400,
        headers: undefined,
        data: { detail: "This form asked for something this page cannot do. Please go back and try again." },
      });
      expect(warn).toHaveBeenCalledTimes(1);
    }
  });
});
