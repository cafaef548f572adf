import { useState, type FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import type { Route } from "./+types/admin-passkeys";
import { confirmPasswordSchema, RECENT_PASSWORD_MINUTES, renamePasskeySchema, type Passkey } from "../rules/passkeys";
import { addPasskey, getPasskey, listPasskeys, removePasskey, renamePasskey } from "../server/passkeys.server";
import { confirmPassword, hasRecentPassword } from "~/staff/two-factor/index.server";
import { renewAfterFactorChange } from "~/staff/sign-in/index.server";
import { ceremonyFailure, postForOptions } from "../components/ceremony";
import { InvalidCredentialsError } from "~/staff/accounts/index.server";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { DataTable } from "~/ui/data-table";
import { Notice } from "~/ui/notice";
import { useHydrated } from "~/ui/use-hydrated";
import { formatDateTime } from "~/shared/dates";
import { readFormBody } from "~/lib/form-body.server";
import { getEnv } from "~/lib/env.server";
import { rowFromParam } from "~/lib/record-ids.server";
import { adminContext, clientAddressContext } from "~/lib/request-context";
import { formRefusalOf } from "~/ui/form-replies.server";

export const meta: Route.MetaFunction = () => [{ title: "Passkeys | Admin" }];

const SCREEN = "/admin/passkeys";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext)!;
  const mine = (id: number) => getPasskey(admin.id, id);
  const [passkeys, renaming, removing, recent] = await Promise.all([
    listPasskeys(admin.id),
    rowFromParam(url.searchParams.get("rename"), mine),
    rowFromParam(url.searchParams.get("remove"), mine),
    hasRecentPassword(request),
  ]);
  return {
    passkeys,
    renaming,
    removing,
    adding: url.searchParams.has("add"),
    needsPassword: !recent,
    done: url.searchParams.get("done"),
    timeZone: getEnv().SITE_TIMEZONE,
  };
}

type Reply = { intent: string; formError?: string; fieldErrors?: Record<string, string[]> };

function refused(intent: string, error: unknown) {
  if (error instanceof InvalidCredentialsError) {
    return data<Reply>({ intent, fieldErrors: { password: ["That password is not right"] } }, { status: 401 });
  }
  const refusal = formRefusalOf(error);
  if (!refusal) throw error;
  return data<Reply>(
    { intent, formError: refusal.formErrors?.[0], fieldErrors: refusal.fieldErrors },
    { status: refusal.status, headers: refusal.headers },
  );
}

function parsedJson(value: FormDataEntryValue | null): unknown {
  try {
    return typeof value === "string" ? JSON.parse(value) : undefined;
  } catch {
    return undefined;
  }
}

const setCookie = (cookie: string | undefined): HeadersInit => (cookie ? { "Set-Cookie": cookie } : {});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext)!;
  const form = await readFormBody(request);
  const intent = String(form.get("intent") ?? "");
  try {
    switch (intent) {
      case "confirm-password": {
        const parsed = confirmPasswordSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return data<Reply>({ intent, fieldErrors: { password: ["Enter your password"] } }, 400);
        const cookie = await confirmPassword(admin, parsed.data.password, request, context.get(clientAddressContext));
        return redirect(`${SCREEN}?add=1`, { headers: { "Set-Cookie": cookie } });
      }
      case "add": {
        await addPasskey(admin, request, { name: form.get("name"), response: parsedJson(form.get("response")) });
        // A new way in: this session gets a new id; the person's other sign-ins stay (docs/decisions/156).
        const cookie = await renewAfterFactorChange(request, admin.id, { endOthers: false });
        return redirect(`${SCREEN}?done=added`, { headers: setCookie(cookie) });
      }
      case "rename": {
        const parsed = renamePasskeySchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) {
          return data<Reply>(
            { intent, fieldErrors: { name: [parsed.error.issues[0]?.message ?? "Check the name"] } },
            400,
          );
        }
        await renamePasskey(admin.id, parsed.data.id, parsed.data.name);
        return redirect(`${SCREEN}?done=renamed`);
      }
      case "remove": {
        await removePasskey(admin.id, Number(form.get("id")));
        // A way in taken away (perhaps a lost phone): any session it opened ends, this one gets a new id.
        const cookie = await renewAfterFactorChange(request, admin.id, { endOthers: true });
        return redirect(`${SCREEN}?done=removed`, { headers: setCookie(cookie) });
      }
      default:
        return data<Reply>({ intent, formError: "Unknown action" }, 400);
    }
  } catch (error) {
    return refused(intent, error);
  }
}

const DONE: Record<string, string> = {
  added: "Passkey added. You can now sign in with it.",
  renamed: "Passkey renamed.",
  removed: "Passkey removed. It can no longer sign you in.",
};

export default function AdminPasskeys({ loaderData, actionData }: Route.ComponentProps) {
  const { passkeys, renaming, removing, adding, needsPassword, done, timeZone } = loaderData;
  const reply = actionData as Reply | undefined;
  const addingNow = adding || reply?.intent === "add" || reply?.intent === "confirm-password";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Passkeys</h1>
        {addingNow ? null : (
          <Link to="?add=1" preventScrollReset className="btn-primary">
            Add a passkey
          </Link>
        )}
      </div>
      <p className="max-w-prose text-slate-700">
        A passkey signs you in with your fingerprint, face, PIN or security key instead of your password, and cannot be
        phished. With one, two-factor sign-in is on: after your password, a passkey (or your authenticator app&apos;s
        code) is asked for. Add one on each device you use; remove one you no longer have.
      </p>
      {done && DONE[done] ? <Notice tone="success">{DONE[done]}</Notice> : null}
      {reply?.formError && reply.intent !== "add" ? <Notice tone="error">{reply.formError}</Notice> : null}

      {addingNow ? (
        needsPassword ? (
          <ConfirmPasswordPanel errors={reply?.intent === "confirm-password" ? reply.fieldErrors : undefined} />
        ) : (
          <AddPasskeyPanel reply={reply?.intent === "add" ? reply : undefined} />
        )
      ) : null}

      {renaming ? (
        <RenamePanel passkey={renaming} errors={reply?.intent === "rename" ? reply.fieldErrors : undefined} />
      ) : null}

      {removing ? (
        <ConfirmPanel
          question="Remove this passkey?"
          details={<p>“{removing.name}” will no longer sign you in. You can add it again later.</p>}
          confirmLabel="Yes, remove passkey"
          intent="remove"
          fields={{ id: String(removing.id) }}
          cancelTo={SCREEN}
        />
      ) : null}

      <DataTable
        caption="Your passkeys"
        columns={[{ label: "Name" }, { label: "Added" }, { label: "Last used" }, { label: "Actions", hidden: true }]}
        emptyText="You have no passkeys yet"
      >
        {passkeys.map((passkey) => (
          <tr key={passkey.id}>
            <td className="px-3 py-3 font-medium text-slate-900">{passkey.name}</td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">
              {formatDateTime(passkey.createdAt, timeZone)}
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">
              {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt, timeZone) : "Never"}
            </td>
            <td className="px-3 py-3 text-right whitespace-nowrap">
              <Link
                to={`?rename=${passkey.id}`}
                preventScrollReset
                className="font-semibold text-brand-700 hover:underline"
                aria-label={`Rename ${passkey.name}`}
              >
                Rename
              </Link>
              <Link
                to={`?remove=${passkey.id}`}
                preventScrollReset
                className="ml-4 font-semibold text-red-700 hover:underline"
                aria-label={`Remove ${passkey.name}`}
              >
                Remove
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="passkey-panel-title" className="max-w-lg rounded-xl bg-white p-6 shadow-sm">
      <h2 id="passkey-panel-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ConfirmPasswordPanel({ errors }: { errors?: Record<string, string[]> }) {
  return (
    <Panel title="Confirm your password">
      <p className="mt-1 text-sm text-slate-700">
        Adding a passkey asks for your password when you last gave it more than {RECENT_PASSWORD_MINUTES} minutes ago.
      </p>
      <Form method="post" className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="confirm-password" />
        <div>
          <label htmlFor="confirm-password" className="field-label">
            Password
          </label>
          <input
            id="confirm-password"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            aria-invalid={errors?.password ? true : undefined}
            aria-describedby={errors?.password ? "confirm-password-error" : undefined}
            className="field-input"
          />
          {errors?.password ? (
            <p id="confirm-password-error" className="field-error">
              {errors.password[0]}
            </p>
          ) : null}
        </div>
        <div className="flex gap-3">
          <button type="submit" className="btn-primary">
            Continue
          </button>
          <Link to={SCREEN} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </Panel>
  );
}

function AddPasskeyPanel({ reply }: { reply?: Reply }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? reply?.formError ?? reply?.fieldErrors?.response?.[0];
  const nameError = reply?.fieldErrors?.name?.[0];

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || navigation.state !== "idle") return;
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    setProblem(null);
    setBusy(true);
    try {
      const optionsJSON = await postForOptions<PublicKeyCredentialCreationOptionsJSON>(`${SCREEN}/options`);
      const { startRegistration } = await import("@simplewebauthn/browser");
      const response = await startRegistration({ optionsJSON });
      await submit({ intent: "add", name, response: JSON.stringify(response) }, { method: "post" });
    } catch (failure) {
      setProblem(ceremonyFailure(failure, "create the passkey"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="Add a passkey">
      {hydrated ? (
        <form onSubmit={create} className="mt-4 space-y-4">
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
          <div>
            <label htmlFor="passkey-name" className="field-label">
              Name
            </label>
            <input
              id="passkey-name"
              name="name"
              type="text"
              required
              maxLength={60}
              defaultValue=""
              placeholder="Work laptop"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? "passkey-name-error" : "passkey-name-hint"}
              className="field-input"
            />
            {nameError ? (
              <p id="passkey-name-error" className="field-error">
                {nameError}
              </p>
            ) : (
              <p id="passkey-name-hint" className="mt-1 text-sm text-slate-600">
                So you can tell your passkeys apart (the device or key it lives on).
              </p>
            )}
          </div>
          <div className="flex gap-3">
            <button type="submit" className="btn-primary" aria-disabled={busy || navigation.state !== "idle"}>
              {busy || navigation.state !== "idle" ? "Waiting for your device..." : "Create passkey"}
            </button>
            <Link to={SCREEN} className="btn-secondary">
              Cancel
            </Link>
          </div>
        </form>
      ) : (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          A passkey needs JavaScript: your browser creates it. Turn JavaScript on to add one.
        </p>
      )}
    </Panel>
  );
}

function RenamePanel({ passkey, errors }: { passkey: Passkey; errors?: Record<string, string[]> }) {
  return (
    <Panel title={`Rename passkey: ${passkey.name}`}>
      <Form method="post" className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="id" value={passkey.id} />
        <div>
          <label htmlFor="rename-passkey" className="field-label">
            Name
          </label>
          <input
            id="rename-passkey"
            name="name"
            type="text"
            required
            maxLength={60}
            defaultValue={passkey.name}
            aria-invalid={errors?.name ? true : undefined}
            aria-describedby={errors?.name ? "rename-passkey-error" : undefined}
            className="field-input"
          />
          {errors?.name ? (
            <p id="rename-passkey-error" className="field-error">
              {errors.name[0]}
            </p>
          ) : null}
        </div>
        <div className="flex gap-3">
          <button type="submit" className="btn-primary">
            Save name
          </button>
          <Link to={SCREEN} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </Panel>
  );
}
