import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { action as passkeysAction, loader as passkeysLoader } from "../routes/admin-passkeys";
import { action as registrationOptions } from "../routes/admin-passkeys-options";
import { action as signInOptions } from "../routes/admin-login-passkey-options";
import { action as signInWithPasskey } from "../routes/admin-login-passkey";
import { PASSKEY_REFUSED_MESSAGE } from "../index";
import {
  hasPasskeys,
  passkeyOptionsFor,
  type PasskeyClient,
  relyingPartyFor,
  requireRecentPassword,
  verifyPasskeyFor,
} from "../index.server";
import { softAuthenticator, type SoftAuthenticator } from "./soft-authenticator";
import { action as passwordSignIn } from "~/staff/sign-in/routes/admin-login";
import { adminFromSession } from "~/staff/sign-in/index.server";
import type { Admin } from "~/staff/accounts";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callRoute, makeContext, makeRequest, ORIGIN, unwrapData } from "../../../../tests/support/routes";

/**
 * Passkeys from the server's side, with a software authenticator answering the real
 * @simplewebauthn/server checks: adding one (after the password again), the mail and the
 * audit entries, signing in with one alone, and the refusals (a used challenge, an unknown
 * or another person's passkey, a deactivated person, too many attempts).
 */

/** Each person costs a few password hashes (made, signed in, given again): slow on a busy machine. */
const SLOW = { timeout: 20_000 };

let address = 0;
/** A fresh client address per test, so that the per-address limits of one test do not touch another. */
const nextAddress = () => `198.51.100.${(address += 1)}`;

async function signedIn(roles: Admin["roles"] = ["editor"]) {
  const { admin, password } = await createTestAdmin("a-strong-password", roles);
  await getDb()
    .updateTable("admins")
    .set({ email: `${admin.username}@charity.example` })
    .where("id", "=", admin.id)
    .execute();
  const person = { ...admin, email: `${admin.username}@charity.example` };
  const clientAddress = nextAddress();
  const response = (await callRoute(passwordSignIn, "/admin/login", {
    form: { username: admin.username, password },
    clientAddress,
  })) as Response;
  expect(response.status).toBe(302);
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  return { admin: person, password, cookie, clientAddress };
}

type Person = Awaited<ReturnType<typeof signedIn>>;

/** As if the person signed in (and so last gave their password) `minutes` ago. */
async function passwordGivenAgo(person: Person, minutes: number) {
  const sessions = await getDb()
    .selectFrom("admin_sessions")
    .select(["id", "data"])
    .where("admin_id", "=", person.admin.id)
    .execute();
  for (const session of sessions) {
    const data = {
      ...JSON.parse(session.data),
      reauthenticated_at: new Date(Date.now() - minutes * 60_000).toISOString(),
    };
    await getDb()
      .updateTable("admin_sessions")
      .set({ data: JSON.stringify(data) })
      .where("id", "=", session.id)
      .execute();
  }
}

function asPerson(person: Person, cookie = person.cookie) {
  return { headers: { Cookie: cookie }, context: makeContext(person.clientAddress, person.admin) };
}

async function confirmPassword(person: Person): Promise<string> {
  const response = (await callRoute(passkeysAction, "/admin/passkeys", {
    form: { intent: "confirm-password", password: person.password },
    ...asPerson(person),
  })) as Response;
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/passkeys?add=1");
  // The session is the same one, its data updated: the cookie may be sent again or kept.
  return response.headers.get("Set-Cookie")?.split(";")[0] ?? person.cookie;
}

async function askRegistrationOptions(person: Person) {
  const response = (await callRoute(registrationOptions, "/admin/passkeys/options", {
    method: "POST",
    ...asPerson(person),
  })) as Response;
  return { status: response.status, body: await response.json() };
}

async function addPasskey(person: Person, authenticator: SoftAuthenticator, name = "Work laptop") {
  const { body } = await askRegistrationOptions(person);
  return callRoute(passkeysAction, "/admin/passkeys", {
    form: { intent: "add", name, response: JSON.stringify(authenticator.register(body.options)) },
    ...asPerson(person),
  });
}

async function askSignInOptions(clientAddress: string) {
  const response = (await callRoute(signInOptions, "/admin/login/passkey/options", {
    method: "POST",
    clientAddress,
  })) as Response;
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function signInWith(answer: unknown, clientAddress = nextAddress()) {
  return callRoute(signInWithPasskey, "/admin/login/passkey", {
    form: { response: JSON.stringify(answer), redirectTo: "/admin/stories" },
    clientAddress,
  });
}

async function passkeyWithOneAdded() {
  const person = await signedIn();
  await confirmPassword(person);
  const authenticator = softAuthenticator(ORIGIN, `staff-${person.admin.id}`);
  const added = (await addPasskey(person, authenticator)) as Response;
  expect(added.headers.get("Location")).toBe("/admin/passkeys?done=added");
  // Adding a passkey gives the session a new id: the person goes on with the renewed cookie.
  person.cookie = added.headers.get("Set-Cookie")!.split(";")[0]!;
  return { person, authenticator };
}

describe("the relying party", SLOW, () => {
  afterEach(() => {
    process.env.PUBLIC_URL = "";
    resetEnvCache();
  });

  it("is the request's host without PUBLIC_URL, so passkeys work at localhost", () => {
    expect(relyingPartyFor(new Request("http://localhost:5173/admin/passkeys"))).toMatchObject({
      id: "localhost",
      origin: "http://localhost:5173",
    });
  });

  it("is PUBLIC_URL's host when set, whatever host the request names", async () => {
    process.env.PUBLIC_URL = "https://give.example.org";
    resetEnvCache();
    expect(relyingPartyFor(new Request("http://10.0.0.5:3000/admin/passkeys"))).toMatchObject({
      id: "give.example.org",
      origin: "https://give.example.org",
    });
    const person = await signedIn();
    await confirmPassword(person);
    const { body } = await askRegistrationOptions(person);
    expect(body.options.rp).toMatchObject({ id: "give.example.org" });
  });
});

describe("adding a passkey", SLOW, () => {
  it("asks for the password again first: the options answer 403 until it is given", async () => {
    const person = await signedIn();
    // Signing in gave the password; eleven minutes on, it is too old for adding a passkey.
    expect((await askRegistrationOptions(person)).status).toBe(200);
    await passwordGivenAgo(person, 11);
    const refused = await askRegistrationOptions(person);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/Enter your password again/);
    const page = (await callRoute(passkeysLoader, "/admin/passkeys?add=1", asPerson(person))) as {
      needsPassword: boolean;
    };
    expect(page.needsPassword).toBe(true);

    const wrong = unwrapData(
      await callRoute(passkeysAction, "/admin/passkeys", {
        form: { intent: "confirm-password", password: "not-the-password" },
        ...asPerson(person),
      }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.data).toMatchObject({ fieldErrors: { password: ["That password is not right"] } });

    const stale = await requireRecentPassword(makeRequest("/admin/passkeys", asPerson(person))).catch((e) => e);
    expect(stale).toBeInstanceOf(Response);
    expect((stale as Response).status).toBe(403);

    await confirmPassword(person);
    await expect(requireRecentPassword(makeRequest("/admin/passkeys", asPerson(person)))).resolves.toBeUndefined();
    const { status, body } = await askRegistrationOptions(person);
    expect(status).toBe(200);
    expect(body.options).toMatchObject({
      rp: { id: "localhost", name: "Al-Amanah Foundation staff" },
      user: { name: person.admin.username },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    expect(body.options.challenge).toMatch(/^[\w-]{20,}$/);
  });

  it("keeps the passkey under its name, mails the person once and records it in the audit trail", async () => {
    const { person } = await passkeyWithOneAdded();
    const page = (await callRoute(passkeysLoader, "/admin/passkeys?done=added", asPerson(person))) as {
      passkeys: { name: string; lastUsedAt: string | null }[];
    };
    expect(page.passkeys).toEqual([expect.objectContaining({ name: "Work laptop", lastUsedAt: null })]);
    expect(await hasPasskeys(person.admin.id)).toBe(true);

    const mail = await getDb()
      .selectFrom("outbound_mail")
      .select(["subject", "text_body"])
      .where("to_address", "=", person.admin.email)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("A new passkey was added to your account");
    expect(mail[0]!.text_body).toContain("“Work laptop”");
    expect(mail[0]!.text_body).toContain(`${ORIGIN}/admin/passkeys`);

    // (The person is the request's, set by the admin area's guard, which this test does not run.)
    const [row] = await getDb()
      .selectFrom("admin_passkeys")
      .select("id")
      .where("admin_id", "=", person.admin.id)
      .execute();
    const audit = await getDb()
      .selectFrom("audit_entries")
      .select(["action", "summary", "changes"])
      .where("entity", "=", "passkey")
      .where("entity_id", "=", String(row!.id))
      .execute();
    expect(audit).toEqual([
      { action: "create", summary: "Passkey added: Work laptop", changes: '{"name":[null,"Work laptop"]}' },
    ]);
  });

  it("serves each challenge once: the same answer sent again is refused and nothing more is kept", async () => {
    const person = await signedIn();
    await confirmPassword(person);
    const authenticator = softAuthenticator(ORIGIN);
    const { body } = await askRegistrationOptions(person);
    const answer = JSON.stringify(authenticator.register(body.options));
    const first = (await callRoute(passkeysAction, "/admin/passkeys", {
      form: { intent: "add", name: "Phone", response: answer },
      ...asPerson(person),
    })) as Response;
    expect(first.status).toBe(302);
    const again = unwrapData(
      await callRoute(passkeysAction, "/admin/passkeys", {
        form: { intent: "add", name: "Phone again", response: answer },
        ...asPerson(person),
      }),
    );
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({
      fieldErrors: { response: ["The passkey could not be added. Please try again."] },
    });
    const rows = await getDb()
      .selectFrom("admin_passkeys")
      .select("name")
      .where("admin_id", "=", person.admin.id)
      .execute();
    expect(rows).toEqual([{ name: "Phone" }]);
  });

  it("refuses an answer to another person's challenge, and a passkey without a name", async () => {
    const person = await signedIn();
    const other = await signedIn();
    await confirmPassword(person);
    await confirmPassword(other);
    const { body } = await askRegistrationOptions(other);
    const stolen = unwrapData(
      await callRoute(passkeysAction, "/admin/passkeys", {
        form: {
          intent: "add",
          name: "Stolen",
          response: JSON.stringify(softAuthenticator(ORIGIN).register(body.options)),
        },
        ...asPerson(person),
      }),
    );
    expect(stolen.status).toBe(400);

    const nameless = unwrapData(
      await callRoute(passkeysAction, "/admin/passkeys", {
        form: { intent: "add", name: "  ", response: "{}" },
        ...asPerson(person),
      }),
    );
    expect(nameless.status).toBe(400);
    expect(nameless.data).toMatchObject({ fieldErrors: { name: ["Give the passkey a name"] } });
    expect(await hasPasskeys(person.admin.id)).toBe(false);
  });

  it("answers 401 to a signed-out request for options", async () => {
    const response = (await callRoute(registrationOptions, "/admin/passkeys/options", {
      method: "POST",
      context: makeContext(nextAddress(), null),
    })) as Response;
    expect(response.status).toBe(401);
  });
});

describe("renaming and removing a passkey", SLOW, () => {
  it("renames and removes the person's own, recorded in the audit trail; another's is not found", async () => {
    const { person } = await passkeyWithOneAdded();
    const [passkey] = await getDb()
      .selectFrom("admin_passkeys")
      .select("id")
      .where("admin_id", "=", person.admin.id)
      .execute();
    const id = String(passkey!.id);
    const stranger = await signedIn();

    const notTheirs = unwrapData(
      await callRoute(passkeysAction, "/admin/passkeys", { form: { intent: "remove", id }, ...asPerson(stranger) }),
    );
    expect(notTheirs.status).toBe(404);
    const blank = unwrapData(
      await callRoute(passkeysAction, "/admin/passkeys", {
        form: { intent: "rename", id, name: "" },
        ...asPerson(person),
      }),
    );
    expect(blank.status).toBe(400);

    const renamed = (await callRoute(passkeysAction, "/admin/passkeys", {
      form: { intent: "rename", id, name: "Old laptop" },
      ...asPerson(person),
    })) as Response;
    expect(renamed.headers.get("Location")).toBe("/admin/passkeys?done=renamed");
    const removed = (await callRoute(passkeysAction, "/admin/passkeys", {
      form: { intent: "remove", id },
      ...asPerson(person),
    })) as Response;
    expect(removed.headers.get("Location")).toBe("/admin/passkeys?done=removed");
    expect(await hasPasskeys(person.admin.id)).toBe(false);

    const audit = await getDb()
      .selectFrom("audit_entries")
      .select(["action", "summary"])
      .where("entity", "=", "passkey")
      .where("entity_id", "=", id)
      .orderBy("id")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["create", "update", "delete"]);
    expect(audit[2]!.summary).toBe("Passkey removed: Old laptop");
  });
});

describe("signing in with a passkey alone", SLOW, () => {
  let signedInAt: string;
  beforeEach(() => {
    signedInAt = new Date().toISOString();
  });

  it("makes the person's admin session and goes where they were headed; the passkey's last use is kept", async () => {
    const { person, authenticator } = await passkeyWithOneAdded();
    const clientAddress = nextAddress();
    const { status, body } = await askSignInOptions(clientAddress);
    expect(status).toBe(200);
    expect(body.options).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(body.options.allowCredentials ?? []).toEqual([]);

    const response = (await signInWith(authenticator.authenticate(body.options), clientAddress)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/stories");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    const admin = await adminFromSession(makeRequest("/admin", { headers: { Cookie: cookie } }));
    expect(admin?.id).toBe(person.admin.id);

    const [passkey] = await getDb()
      .selectFrom("admin_passkeys")
      .selectAll()
      .where("admin_id", "=", person.admin.id)
      .execute();
    expect(passkey!.counter).toBe(1);
    expect(passkey!.last_used_at! >= signedInAt).toBe(true);
    const audit = await getDb()
      .selectFrom("audit_entries")
      .select(["actor_id", "action", "address", "summary"])
      .where("action", "=", "sign-in")
      .where("actor_id", "=", person.admin.id)
      // The password sign-in that added the passkey is recorded too; this is the passkey's.
      .where("summary", "like", "Signed in with a passkey%")
      .execute();
    expect(audit).toEqual([
      {
        actor_id: person.admin.id,
        action: "sign-in",
        address: clientAddress,
        summary: "Signed in with a passkey: Work laptop",
      },
    ]);
  });

  it("refuses a replayed answer, an unknown passkey and a deactivated person, with the same words", async () => {
    const { person, authenticator } = await passkeyWithOneAdded();
    const { body } = await askSignInOptions(nextAddress());
    const answer = authenticator.authenticate(body.options);
    expect(((await signInWith(answer)) as Response).status).toBe(302);

    const replayed = unwrapData(await signInWith(answer));
    expect(replayed).toMatchObject({ status: 401, data: { error: PASSKEY_REFUSED_MESSAGE } });

    const unknown = softAuthenticator(ORIGIN);
    const fresh = await askSignInOptions(nextAddress());
    expect(unwrapData(await signInWith(unknown.authenticate(fresh.body.options))).status).toBe(401);

    await getDb().updateTable("admins").set({ active: 0 }).where("id", "=", person.admin.id).execute();
    const later = await askSignInOptions(nextAddress());
    const deactivated = unwrapData(await signInWith(authenticator.authenticate(later.body.options)));
    expect(deactivated.status).toBe(401);
    // The refused challenge is used up as well.
    const left = await getDb()
      .selectFrom("passkey_challenges")
      .select("challenge")
      .where("challenge", "=", later.body.options.challenge)
      .execute();
    expect(left).toEqual([]);

    expect(unwrapData(await signInWith("not an answer")).status).toBe(401);
  });

  it("limits the ceremonies one address may start: the 21st in fifteen minutes answers 429", async () => {
    const clientAddress = nextAddress();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await askSignInOptions(clientAddress)).status).toBe(200);
    }
    const refused = await askSignInOptions(clientAddress);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Too many sign-in attempts/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await askSignInOptions(nextAddress())).status).toBe(200);
  });
});

describe("a passkey as the second step after the password", SLOW, () => {
  it("offers only the person's passkeys and answers true for one of them, false otherwise", async () => {
    const { person, authenticator } = await passkeyWithOneAdded();
    const request = makeRequest("/admin/login");
    const client: PasskeyClient = { request, address: nextAddress() };
    const options = await passkeyOptionsFor(person.admin.id, request);
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.credentialId })]);
    expect(await verifyPasskeyFor(person.admin.id, authenticator.authenticate(options), client)).toBe(true);

    // Used once: the same challenge cannot serve again.
    expect(await verifyPasskeyFor(person.admin.id, authenticator.authenticate(options), client)).toBe(false);

    const stranger = await signedIn();
    expect(await hasPasskeys(stranger.admin.id)).toBe(false);
    const theirs = await passkeyOptionsFor(stranger.admin.id, request);
    expect(theirs.allowCredentials).toEqual([]);
    // Someone else's passkey does not prove this person.
    expect(await verifyPasskeyFor(stranger.admin.id, authenticator.authenticate(theirs), client)).toBe(false);
    // A sign-in challenge is no second-step challenge.
    const signIn = await askSignInOptions(nextAddress());
    expect(await verifyPasskeyFor(person.admin.id, authenticator.authenticate(signIn.body.options), client)).toBe(
      false,
    );
    expect(await verifyPasskeyFor(person.admin.id, { id: 42 }, client)).toBe(false);
  });
});

describe("a change of passkeys renews the person's sessions", SLOW, () => {
  /** The same person signed in a second time, elsewhere (the phone beside the laptop). */
  async function secondSession(person: Person): Promise<string> {
    const response = (await callRoute(passwordSignIn, "/admin/login", {
      form: { username: person.admin.username, password: person.password },
      clientAddress: nextAddress(),
    })) as Response;
    return response.headers.get("Set-Cookie")!.split(";")[0]!;
  }
  const whoIs = async (cookie: string) =>
    (await adminFromSession(makeRequest("/admin", { headers: { Cookie: cookie } })))?.id;

  it("adding one gives this session a new id and leaves the person's other sessions signed in", async () => {
    const person = await signedIn();
    const phone = await secondSession(person);
    const before = await confirmPassword(person);
    const added = (await addPasskey(
      { ...person, cookie: before },
      softAuthenticator(ORIGIN, `staff-${person.admin.id}`),
    )) as Response;
    const renewed = added.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(renewed).not.toBe(before);
    expect(await whoIs(before)).toBeUndefined();
    expect(await whoIs(renewed)).toBe(person.admin.id);
    expect(await whoIs(phone)).toBe(person.admin.id);
  });

  it("removing one gives this session a new id and ends the person's other sessions", async () => {
    const { person } = await passkeyWithOneAdded();
    const phone = await secondSession(person);
    const stranger = await signedIn();
    const [passkey] = await getDb()
      .selectFrom("admin_passkeys")
      .select("id")
      .where("admin_id", "=", person.admin.id)
      .execute();
    const removed = (await callRoute(passkeysAction, "/admin/passkeys", {
      form: { intent: "remove", id: String(passkey!.id) },
      ...asPerson(person),
    })) as Response;
    expect(removed.headers.get("Location")).toBe("/admin/passkeys?done=removed");
    const renewed = removed.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(await whoIs(person.cookie)).toBeUndefined();
    expect(await whoIs(renewed)).toBe(person.admin.id);
    expect(await whoIs(phone)).toBeUndefined();
    // Someone else's sign-in is theirs alone.
    expect(await whoIs(stranger.cookie)).toBe(stranger.admin.id);
    // The renewed session still counts the password as given: adding another asks for nothing more.
    const page = (await callRoute(passkeysLoader, "/admin/passkeys?add=1", asPerson(person, renewed))) as {
      needsPassword: boolean;
    };
    expect(page.needsPassword).toBe(false);
  });
});
