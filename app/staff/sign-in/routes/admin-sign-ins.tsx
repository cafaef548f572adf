import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin-sign-ins";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { DataTable } from "~/ui/data-table";
import { FieldError } from "~/ui/field-error";
import { InputField } from "~/ui/form-fields";
import { Notice } from "~/ui/notice";
import { formatDateTime } from "~/shared/dates";
import { holdsAnyOf } from "~/staff/accounts";
import { readFormBody } from "~/lib/form-body.server";
import { getEnv } from "~/lib/env.server";
import { adminContext } from "~/lib/request-context";
import { destroyAdminSession, getAdminSession } from "~/lib/session.server";
import { NotFoundError } from "~/lib/service-errors";
import { serviceErrorReply } from "~/ui/form-replies.server";
import { deviceLabel } from "../rules/device";
import { personalTokenSchema } from "../rules/personal-token";
import {
  createPersonalToken,
  findPersonalToken,
  listPersonalTokens,
  revokePersonalToken,
} from "../server/api-tokens.server";
import {
  currentSessionId,
  findSession,
  listOthersSessions,
  listSessionsOf,
  signOutOtherSessions,
  signOutSession,
  type StaffSession,
} from "../server/sessions.server";

export const meta: Route.MetaFunction = () => [{ title: "Your sign-ins | Admin" }];

const HERE = "/admin/sign-ins";
const DONE_NOTICES = {
  "signed-out": "That session is signed out.",
  others: "Every other session of yours is signed out.",
  revoked: "The token is revoked: it no longer works.",
} as const;

/** A ?signout= or ?revoke= address that names nothing (any more) just shows the page. */
async function orNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext)!;
  const url = new URL(request.url);
  const currentId = await currentSessionId(request);
  const owner = holdsAnyOf(admin.roles, ["owner"]);
  const signout = url.searchParams.get("signout");
  const revoke = Number(url.searchParams.get("revoke"));
  const done = url.searchParams.get("done");
  return {
    me: admin.id,
    sessions: await listSessionsOf(admin.id, currentId),
    everyone: owner ? await listOthersSessions(admin) : null,
    tokens: await listPersonalTokens(admin.id),
    confirmOthers: signout === "others",
    confirming: signout && signout !== "others" ? await orNull(() => findSession(admin, signout, currentId)) : null,
    revoking: Number.isInteger(revoke) && revoke > 0 ? await orNull(() => findPersonalToken(admin, revoke)) : null,
    done: done && done in DONE_NOTICES ? DONE_NOTICES[done as keyof typeof DONE_NOTICES] : null,
    timeZone: getEnv().SITE_TIMEZONE,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext)!;
  const form = await readFormBody(request);
  const intent = String(form.get("intent") ?? "");
  const currentId = await currentSessionId(request);

  if (intent === "sign-out") {
    const ended = await signOutSession(admin, String(form.get("session") ?? ""), currentId).catch(missing);
    if (!ended) return data({ missing: "That session has already ended." }, { status: 404 });
    if (ended.current) {
      const session = await getAdminSession(request);
      return redirect("/admin/login", { headers: { "Set-Cookie": await destroyAdminSession(session, request) } });
    }
    return redirect(`${HERE}?done=signed-out`);
  }
  if (intent === "sign-out-others") {
    await signOutOtherSessions(admin, currentId);
    return redirect(`${HERE}?done=others`);
  }
  if (intent === "revoke-token") {
    const revoked = await revokePersonalToken(admin, Number(form.get("token"))).then(() => true, missing);
    if (!revoked) return data({ missing: "That token no longer exists." }, { status: 404 });
    return redirect(`${HERE}?done=revoked`);
  }
  if (intent === "create-token") {
    const submission = parseWithZod(form, { schema: personalTokenSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
    try {
      const created = await createPersonalToken(admin, submission.value);
      return data({ created: { name: created.name, token: created.token, expiresAt: created.expiresAt } });
    } catch (error) {
      return serviceErrorReply(submission, error);
    }
  }
  return data({ missing: "Nothing to do." }, { status: 400 });
}

function missing(error: unknown): undefined {
  if (error instanceof NotFoundError) return undefined;
  throw error;
}

export default function AdminSignIns({ loaderData, actionData }: Route.ComponentProps) {
  const { me, sessions, everyone, tokens, confirming, confirmOthers, revoking, done, timeZone } = loaderData;
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">Your sign-ins</h1>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {actionData && "missing" in actionData ? <Notice tone="error">{actionData.missing}</Notice> : null}

      {confirming ? (
        <ConfirmPanel
          question={
            confirming.current
              ? "Sign out of this device?"
              : confirming.adminId === me
                ? "Sign out this session?"
                : `Sign ${confirming.personName} out of this session?`
          }
          details={
            <p>
              {deviceLabel(confirming.userAgent)}, from {confirming.address || "an unknown address"}, last used{" "}
              {formatDateTime(confirming.lastUsedAt ?? confirming.startedAt, timeZone)}. Whoever uses it will have to
              sign in again.
            </p>
          }
          confirmLabel="Yes, sign out"
          intent="sign-out"
          fields={{ session: confirming.handle }}
          cancelTo={HERE}
        />
      ) : null}
      {confirmOthers ? (
        <ConfirmPanel
          question="Sign out every other session of yours?"
          details={<p>Every browser signed in as you, except this one, will have to sign in again.</p>}
          confirmLabel="Yes, sign out all others"
          intent="sign-out-others"
          fields={{}}
          cancelTo={HERE}
        />
      ) : null}
      {revoking ? (
        <ConfirmPanel
          question={`Revoke the token “${revoking.name}”?`}
          details={<p>Anything still using it will be refused from then on. This cannot be undone.</p>}
          confirmLabel="Yes, revoke token"
          intent="revoke-token"
          fields={{ token: String(revoking.id) }}
          cancelTo={HERE}
        />
      ) : null}

      <section aria-labelledby="sessions-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="sessions-title" className="text-lg font-semibold text-slate-900">
            Where you are signed in
          </h2>
          {others > 0 ? (
            <Link to="?signout=others" preventScrollReset className="btn-secondary">
              Sign out all others
            </Link>
          ) : null}
        </div>
        <SessionTable caption="Your sessions" sessions={sessions} timeZone={timeZone} showPerson={false} />
      </section>

      {everyone ? (
        <section aria-labelledby="everyone-title" className="space-y-3">
          <h2 id="everyone-title" className="text-lg font-semibold text-slate-900">
            Everyone else&rsquo;s sessions
          </h2>
          <p className="text-sm text-slate-600">As an owner you can sign anyone out.</p>
          <SessionTable caption="Other people's sessions" sessions={everyone} timeZone={timeZone} showPerson />
        </section>
      ) : null}

      <TokensSection tokens={tokens} timeZone={timeZone} actionData={actionData} />
    </div>
  );
}

function SessionTable({
  caption,
  sessions,
  timeZone,
  showPerson,
}: {
  caption: string;
  sessions: StaffSession[];
  timeZone: string;
  showPerson: boolean;
}) {
  return (
    <DataTable
      caption={caption}
      columns={[
        ...(showPerson ? [{ label: "Person" }] : []),
        { label: "Device" },
        { label: "Address" },
        { label: "Started" },
        { label: "Last use" },
        { label: "Actions", hidden: true },
      ]}
      emptyText="No sessions"
    >
      {sessions.map((session) => (
        <tr key={session.handle} data-testid="session-row">
          {showPerson ? <td className="px-3 py-3 font-medium text-slate-900">{session.personName}</td> : null}
          <td className="px-3 py-3 text-slate-900" title={session.userAgent}>
            {deviceLabel(session.userAgent)}
            {session.current ? (
              <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                This device
              </span>
            ) : null}
          </td>
          <td className="px-3 py-3 text-slate-700">{session.address || "Unknown"}</td>
          <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatDateTime(session.startedAt, timeZone)}</td>
          <td className="px-3 py-3 whitespace-nowrap text-slate-700">
            {formatDateTime(session.lastUsedAt ?? session.startedAt, timeZone)}
          </td>
          <td className="px-3 py-3 text-right">
            <Link
              to={`?signout=${session.handle}`}
              preventScrollReset
              className="font-medium text-red-700 hover:underline"
              aria-label={`Sign out ${showPerson ? `${session.personName} on ` : ""}${deviceLabel(session.userAgent)}${session.current ? " (this device)" : ""}`}
            >
              Sign out
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function TokensSection({
  tokens,
  timeZone,
  actionData,
}: {
  tokens: Route.ComponentProps["loaderData"]["tokens"];
  timeZone: string;
  actionData: Route.ComponentProps["actionData"];
}) {
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const created = actionData && "created" in actionData ? actionData.created : undefined;
  const [form, fields] = useForm({
    id: "personal-token",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: personalTokenSchema }),
    shouldValidate: "onBlur",
    defaultValue: { lifetime: "90" },
  });
  return (
    <section aria-labelledby="tokens-title" className="space-y-3">
      <h2 id="tokens-title" className="text-lg font-semibold text-slate-900">
        Personal API tokens
      </h2>
      <p className="text-sm text-slate-600">
        A token lets a script use the API as you, with your roles, until it expires or you revoke it. Send it as{" "}
        <code>Authorization: Bearer …</code>.
      </p>
      {created ? (
        <div role="status" className="rounded-xl border-2 border-brand-600 bg-white p-4">
          <p className="font-semibold text-slate-900">
            Your new token “{created.name}”. Copy it now: it will not be shown again.
          </p>
          <p className="mt-2 rounded bg-slate-100 p-2 font-mono text-sm break-all" data-testid="new-token">
            {created.token}
          </p>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4">
        <InputField field={fields.name} label="Token name" type="text" maxLength={80} placeholder="Reports script" />
        <div>
          <label htmlFor={fields.lifetime.id} className="field-label">
            Expires after
          </label>
          <select {...getSelectProps(fields.lifetime)} key={fields.lifetime.key} className="field-input">
            <option value="30">30 days</option>
            <option value="90">90 days</option>
            <option value="365">365 days</option>
          </select>
          <FieldError id={fields.lifetime.errorId} errors={fields.lifetime.errors} />
        </div>
        <button type="submit" name="intent" value="create-token" className="btn-primary">
          Create token
        </button>
      </Form>
      <DataTable
        caption="Your personal API tokens"
        columns={[
          { label: "Name" },
          { label: "Created" },
          { label: "Last use" },
          { label: "Expires" },
          { label: "Actions", hidden: true },
        ]}
        emptyText="No personal tokens"
      >
        {tokens.map((token) => (
          <tr key={token.id} data-testid="token-row">
            <td className="px-3 py-3 font-medium text-slate-900">{token.name}</td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatDateTime(token.createdAt, timeZone)}</td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">
              {token.lastUsedAt ? formatDateTime(token.lastUsedAt, timeZone) : "Never"}
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatDateTime(token.expiresAt, timeZone)}</td>
            <td className="px-3 py-3 text-right">
              <Link
                to={`?revoke=${token.id}`}
                preventScrollReset
                className="font-medium text-red-700 hover:underline"
                aria-label={`Revoke ${token.name}`}
              >
                Revoke
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
