import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { action as passkeysAction, loader as passkeysLoader } from "../routes/admin-passkeys";
import { action as registrationOptions } from "../routes/admin-passkeys-options";
import { action as signInOptions } from "../routes/admin-login-passkey-options";
import { action as signInWithPasskey } from "../routes/admin-login-passkey";
import { action as secondStepOptions } from "../routes/admin-login-second-step-options";
import { action as confirmOptions } from "../routes/admin-passkeys-confirm-options";
import { PASSKEY_NOT_ACCEPTED_MESSAGE, PASSKEY_REFUSED_MESSAGE } from "../index";
import { hasPasskeys, passkeyOptionsFor, type PasskeyClient, relyingPartyFor, verifyPasskeyFor } from "../index.server";
import { softAuthenticator, type SoftAuthenticator } from "./soft-authenticator";
import { action as passwordSignIn, loader as signInPage } from "~/staff/sign-in/routes/admin-login";
import { action as apiLogin } from "~/staff/sign-in/routes/api-auth-login";
import { action as confirmPasswordAction } from "~/staff/two-factor/routes/admin-confirm-password";
import { PASSKEY_ONLY_API_MESSAGE, SIGN_IN_EXPIRED_MESSAGE } from "~/staff/two-factor";
import { hasRecentPassword, mustSetUpTwoFactor, startPendingSignIn } from "~/staff/two-factor/index.server";
import { adminFromSession } from "~/staff/sign-in/index.server";
import type { Admin } from "~/staff/accounts";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute, makeContext, makeRequest, ORIGIN, unwrapData } from "../../../../tests/support/routes";

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
    expect(refused.body).toEqual({
      detail: "Confirm your password first: it was last given more than 10 minutes ago.",
      reauthentication_required: true,
    });
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

    // The ceremony's JSON endpoint answers as the API does.
    const stale = await askRegistrationOptions(person);
    expect(stale.status).toBe(403);
    expect(stale.body).toEqual({
      detail: "Confirm your password first: it was last given more than 10 minutes ago.",
      reauthentication_required: true,
    });

    await confirmPassword(person);
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
    const options = await passkeyOptionsFor(person.admin.id, request, "second-factor");
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.credentialId })]);
    expect(await verifyPasskeyFor(person.admin.id, authenticator.authenticate(options), client, "second-factor")).toBe(
      true,
    );

    // Used once: the same challenge cannot serve again.
    expect(await verifyPasskeyFor(person.admin.id, authenticator.authenticate(options), client, "second-factor")).toBe(
      false,
    );

    const stranger = await signedIn();
    expect(await hasPasskeys(stranger.admin.id)).toBe(false);
    const theirs = await passkeyOptionsFor(stranger.admin.id, request, "second-factor");
    expect(theirs.allowCredentials).toEqual([]);
    // Someone else's passkey does not prove this person.
    expect(await verifyPasskeyFor(stranger.admin.id, authenticator.authenticate(theirs), client, "second-factor")).toBe(
      false,
    );
    // A sign-in challenge is no second-step challenge, nor one to confirm who is signed in.
    const signIn = await askSignInOptions(nextAddress());
    const answer = authenticator.authenticate(signIn.body.options);
    expect(await verifyPasskeyFor(person.admin.id, answer, client, "second-factor")).toBe(false);
    const confirming = await passkeyOptionsFor(person.admin.id, request, "reauthenticate");
    expect(
      await verifyPasskeyFor(person.admin.id, authenticator.authenticate(confirming), client, "second-factor"),
    ).toBe(false);
    expect(await verifyPasskeyFor(person.admin.id, { id: 42 }, client, "second-factor")).toBe(false);
  });
});

/** The password form for a person with a passkey: a pending sign-in (its cookie), no session. */
async function passwordStep(person: Person, clientAddress = nextAddress()) {
  const response = (await callRoute(passwordSignIn, "/admin/login", {
    form: { username: person.admin.username, password: person.password, redirectTo: "/admin/stories" },
    clientAddress,
  })) as Response;
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/login?step=code&redirectTo=%2Fadmin%2Fstories");
  expect(response.headers.get("Set-Cookie")).not.toMatch(/admin_session=/);
  return { pending: response.headers.get("Set-Cookie")!.split(";")[0]!, clientAddress };
}

async function askSecondStepOptions(cookie?: string) {
  const response = (await callRoute(secondStepOptions, "/admin/login/second-step/options", {
    method: "POST",
    headers: cookie ? { Cookie: cookie } : {},
  })) as Response;
  return { status: response.status, body: await response.json() };
}

function passkeyStep(answer: unknown, cookie: string | undefined, clientAddress: string) {
  return callRoute(passwordSignIn, "/admin/login?step=code", {
    form: { intent: "passkey", response: JSON.stringify(answer), redirectTo: "/admin/stories" },
    headers: cookie ? { Cookie: cookie } : {},
    clientAddress,
  });
}

describe("sign-in with the password, then a passkey as the second step", SLOW, () => {
  it("asks for the passkey after a correct password, and signs in with it", async () => {
    const { person, authenticator } = await passkeyWithOneAdded();
    const { pending, clientAddress } = await passwordStep(person);
    expect(await callRoute(signInPage, "/admin/login?step=code", { headers: { Cookie: pending } })).toEqual({
      step: "code",
      factors: { app: false, passkey: true },
      notice: null,
    });

    const { status, body } = await askSecondStepOptions(pending);
    expect(status).toBe(200);
    expect(body.options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.credentialId })]);

    const response = (await passkeyStep(authenticator.authenticate(body.options), pending, clientAddress)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/stories");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => /^admin_sign_in_pending=;/.test(cookie))).toBe(true);
    const session = cookies.find((cookie) => cookie.startsWith("admin_session="))!.split(";")[0]!;
    expect((await adminFromSession(makeRequest("/admin", { headers: { Cookie: session } })))?.id).toBe(person.admin.id);
    // The session begun is like the password form's: it counts as the password just given.
    expect(await hasRecentPassword(makeRequest("/admin", { headers: { Cookie: session } }))).toBe(true);
    // The pending sign-in is over: it serves no second time.
    expect((await askSecondStepOptions(pending)).status).toBe(401);

    const audit = await getDb()
      .selectFrom("audit_entries")
      .select(["action", "summary", "address"])
      .where("actor_id", "=", person.admin.id)
      .where("entity", "=", "passkey")
      .where("action", "=", "sign-in")
      .execute();
    expect(audit).toEqual([
      { action: "sign-in", summary: "Passkey used as a second factor: Work laptop", address: clientAddress },
    ]);
  });

  it("refuses another person's passkey at the second step, and grants nothing", async () => {
    const { person } = await passkeyWithOneAdded();
    const { authenticator: theirs } = await passkeyWithOneAdded();
    const { pending, clientAddress } = await passwordStep(person);
    const { body } = await askSecondStepOptions(pending);
    const refused = unwrapData(await passkeyStep(theirs.authenticate(body.options), pending, clientAddress));
    expect(refused.status).toBe(401);
    expect(refused.data).toMatchObject({ step: "code" });
    expect(JSON.stringify(refused.data)).toContain(PASSKEY_NOT_ACCEPTED_MESSAGE);
    expect(new Headers(refused.headers).get("Set-Cookie") ?? "").not.toMatch(/admin_session=/);
  });

  it("offers no passkey ceremony to a person without passkeys (409)", async () => {
    const person = await signedIn();
    // Without a passkey, the password form signs in at once; a pending sign-in is made here by hand.
    const pending = (await startPendingSignIn(person.admin, makeRequest("/admin/login"))).split(";")[0]!;
    expect(await askSecondStepOptions(pending)).toEqual({
      status: 409,
      body: { detail: "You have no passkeys. Use your password or your authenticator app instead." },
    });
    const confirming = (await callRoute(confirmOptions, "/admin/passkeys/confirm/options", {
      method: "POST",
      ...asPerson(person),
    })) as Response;
    expect(confirming.status).toBe(409);
  });

  it("refuses the passkey step when no password was given in this browser", async () => {
    const { person, authenticator } = await passkeyWithOneAdded();
    const options = await askSecondStepOptions();
    expect(options).toEqual({ status: 401, body: { detail: SIGN_IN_EXPIRED_MESSAGE } });

    // An answer to another browser's pending sign-in does not sign this one in.
    const { pending, clientAddress } = await passwordStep(person);
    const { body } = await askSecondStepOptions(pending);
    const refused = unwrapData(await passkeyStep(authenticator.authenticate(body.options), undefined, clientAddress));
    expect(refused.status).toBe(401);
    expect(refused.data).toMatchObject({ step: "password" });
    expect(JSON.stringify(refused.data)).toContain(SIGN_IN_EXPIRED_MESSAGE);
  });

  it("answers POST /api/auth/login of a passkey-only person 401 with words on what to do, and no token", async () => {
    const { person } = await passkeyWithOneAdded();
    const { status, body } = await callApi(apiLogin, "/api/auth/login", {
      body: { username: person.admin.username, password: person.password },
      clientAddress: nextAddress(),
    });
    expect(status).toBe(401);
    expect(body).toEqual({ detail: PASSKEY_ONLY_API_MESSAGE });
    expect(body.detail).toMatch(/passkey.*browser/);
    expect(body.detail).toMatch(/authenticator app/);
    // No token beyond the one the test's person was made with.
    const tokens = await getDb()
      .selectFrom("api_tokens")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("admin_id", "=", person.admin.id)
      .executeTakeFirstOrThrow();
    expect(Number(tokens.count)).toBe(1);
  });

  it("counts a passkey as two-factor set up when the site requires it", async () => {
    const { person } = await passkeyWithOneAdded();
    const stranger = await signedIn();
    await getDb().updateTable("settings").set({ value: "true" }).where("key", "=", "require_two_factor").execute();
    try {
      expect(await mustSetUpTwoFactor(person.admin.id)).toBe(false);
      expect(await mustSetUpTwoFactor(stranger.admin.id)).toBe(true);
    } finally {
      await getDb().updateTable("settings").set({ value: "false" }).where("key", "=", "require_two_factor").execute();
    }
  });
});

describe("Confirm your password, with a passkey instead", SLOW, () => {
  async function askConfirmOptions(person: Person) {
    const response = (await callRoute(confirmOptions, "/admin/passkeys/confirm/options", {
      method: "POST",
      ...asPerson(person),
    })) as Response;
    return { status: response.status, body: await response.json() };
  }

  function confirmWith(person: Person, answer: unknown) {
    return callRoute(confirmPasswordAction, "/admin/security/confirm-password", {
      form: { intent: "passkey", response: JSON.stringify(answer), redirectTo: "/admin/team" },
      ...asPerson(person),
    });
  }

  it("notes the reauthentication as the password does, with one of the person's own passkeys", async () => {
    const { person, authenticator } = await passkeyWithOneAdded();
    await passwordGivenAgo(person, 11);
    expect(await hasRecentPassword(makeRequest("/admin/team", asPerson(person)))).toBe(false);

    const { status, body } = await askConfirmOptions(person);
    expect(status).toBe(200);
    expect(body.options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.credentialId })]);
    const response = (await confirmWith(person, authenticator.authenticate(body.options))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/team");
    const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? person.cookie;
    expect(await hasRecentPassword(makeRequest("/admin/team", asPerson(person, cookie)))).toBe(true);

    const audit = await getDb()
      .selectFrom("audit_entries")
      .select(["action", "summary"])
      .where("actor_id", "=", person.admin.id)
      .where("action", "=", "reauthenticate")
      .execute();
    expect(audit).toEqual([
      { action: "reauthenticate", summary: "Passkey used to confirm who is signed in: Work laptop" },
    ]);
  });

  it("refuses another person's passkey, a used answer and a second-step challenge", async () => {
    const { person, authenticator } = await passkeyWithOneAdded();
    const { authenticator: theirs } = await passkeyWithOneAdded();
    await passwordGivenAgo(person, 11);

    const { body } = await askConfirmOptions(person);
    const refused = unwrapData(await confirmWith(person, theirs.authenticate(body.options)));
    expect(refused.status).toBe(401);
    expect(refused.data).toMatchObject({ passkeyError: PASSKEY_NOT_ACCEPTED_MESSAGE });

    const fresh = await askConfirmOptions(person);
    const answer = authenticator.authenticate(fresh.body.options);
    expect(((await confirmWith(person, answer)) as Response).status).toBe(302);
    await passwordGivenAgo(person, 11);
    expect(unwrapData(await confirmWith(person, answer)).status).toBe(401);

    const secondStep = await passkeyOptionsFor(person.admin.id, makeRequest("/admin/login"), "second-factor");
    expect(unwrapData(await confirmWith(person, authenticator.authenticate(secondStep))).status).toBe(401);
    expect(await hasRecentPassword(makeRequest("/admin/team", asPerson(person)))).toBe(false);
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
