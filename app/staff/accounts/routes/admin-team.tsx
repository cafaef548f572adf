import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin-team";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from "../rules/roles";
import { hasSecondFactor, secondFactorLabel, secondFactorWords } from "../rules/second-factors";
import { invitationSchema, roleWords, rolesChangeSchema } from "../rules/team";
import {
  changeStaff,
  findStaffPage,
  getStaffMember,
  inviteStaff,
  LastOwnerError,
  listPendingInvitations,
  type StaffMember,
} from "../server/team.server";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { RowMenu } from "~/ui/row-menu";
import { DataTable } from "~/ui/data-table";
import { FieldError } from "~/ui/field-error";
import { FormActions } from "~/ui/form-actions";
import { FormModal } from "~/ui/form-modal";
import { InputField } from "~/ui/form-fields";
import { Notice } from "~/ui/notice";
import { Pagination, pageFrom } from "~/ui/pagination";
import { formRefusalOf, serviceErrorReply, refuseUnknownIntent } from "~/ui/form-replies.server";
import { readFormBody } from "~/lib/form-body.server";
import { requireRecordId, rowFromParam } from "~/lib/record-ids.server";
import { requireRecentPassword, resetTwoFactorOf } from "~/staff/two-factor/index.server";
import { adminContext } from "~/lib/request-context";
import { NotFoundError } from "~/lib/service-errors";
import { formatDate } from "~/shared/dates";
import { getEnv } from "~/lib/env.server";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Team | Admin" }];

const PAGE_SIZE = 25;
const SCREEN = "/admin/team";

export async function loader({ url, context }: Route.LoaderArgs) {
  const [found, invitations, editing, deactivating, resetting] = await Promise.all([
    findStaffPage(pageFrom(url), PAGE_SIZE),
    listPendingInvitations(),
    rowFromParam(url.searchParams.get("edit"), getStaffMember),
    rowFromParam(url.searchParams.get("deactivate"), getStaffMember),
    rowFromParam(url.searchParams.get("reset-two-factor"), getStaffMember),
  ]);
  return {
    staff: found.rows,
    total: found.total,
    page: found.page,
    invitations,
    editing,
    // Back from "Confirm your password" with the roles ticked before it was asked for.
    tickedRoles: url.searchParams.has("roles") ? url.searchParams.getAll("roles") : null,
    inviting: url.searchParams.has("invite"),
    deactivating: deactivating?.active ? deactivating : null,
    resetting: resetting?.active && hasSecondFactor(resetting) ? resetting : null,
    twoFactorReset: url.searchParams.get("two-factor-reset"),
    invited: url.searchParams.get("invited"),
    saved: url.searchParams.has("saved"),
    deactivated: url.searchParams.has("deactivated"),
    reactivated: url.searchParams.has("reactivated"),
    timeZone: getEnv().SITE_TIMEZONE,
    // One's own two-factor is turned off on Security, not reset here.
    myId: context.get(adminContext)!.id,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  // The forms name what they do in a hidden field; their Save button adds intent=save.
  const intent = formData.getAll("intent").find((value) => value !== "save") ?? "save";
  if (intent === "invite") {
    const submission = parseWithZod(formData, { schema: invitationSchema });
    if (submission.status !== "success") return data({ form: "invite", result: submission.reply() }, { status: 400 });
    const inviter = context.get(adminContext)!;
    try {
      const invitation = await inviteStaff(submission.value, inviter);
      return redirect(`${SCREEN}?${new URLSearchParams({ invited: invitation.email })}`);
    } catch (error) {
      return serviceErrorReply(submission, error, { form: "invite" });
    }
  }
  if (intent === "roles") {
    const id = requireRecordId(formData.get("id"));
    // Roles are weighty: a password given more than 10 minutes ago is asked for again, then the form comes
    // back with the roles that were ticked.
    const ticked = formData.getAll("roles").map((role) => ["roles", String(role)]);
    await requireRecentPassword(
      request,
      new URL(request.url),
      `${SCREEN}?${new URLSearchParams([["edit", String(id)], ...ticked])}`,
    );
    const submission = parseWithZod(formData, { schema: rolesChangeSchema });
    if (submission.status !== "success") return data({ form: "roles", result: submission.reply() }, { status: 400 });
    try {
      await changeStaff(id, submission.value, request);
      return redirect(`${SCREEN}?saved=${id}`);
    } catch (error) {
      if (error instanceof LastOwnerError)
        return data(
          { form: "roles", result: submission.reply({ fieldErrors: { roles: [error.message] } }) },
          { status: 409 },
        );
      if (error instanceof NotFoundError) return data({ form: "roles", missing: true as const }, { status: 404 });
      return serviceErrorReply(submission, error, { form: "roles" });
    }
  }
  if (intent === "reset-two-factor") {
    const id = requireRecordId(formData.get("id"));
    // As weighty as roles: a password given over 10 minutes ago is asked for again, then the confirmation comes back.
    await requireRecentPassword(request, new URL(request.url), `${SCREEN}?reset-two-factor=${id}`);
    try {
      await resetTwoFactorOf(id, context.get(adminContext)!);
    } catch (error) {
      const refusal = formRefusalOf(error);
      if (!refusal) throw error;
      return data({ form: intent, refused: refusal.message }, { status: refusal.status });
    }
    return redirect(`${SCREEN}?two-factor-reset=${id}`);
  }
  if (intent === "deactivate" || intent === "reactivate") {
    const id = requireRecordId(formData.get("id"));
    try {
      await changeStaff(id, { active: intent === "reactivate" });
    } catch (error) {
      if (error instanceof LastOwnerError) return data({ form: intent, refused: error.message }, { status: 409 });
      if (error instanceof NotFoundError) return data({ form: intent, missing: true as const }, { status: 404 });
      throw error;
    }
    return redirect(`${SCREEN}?${intent === "deactivate" ? "deactivated" : "reactivated"}=${id}`);
  }
  return refuseUnknownIntent(request, intent);
}

export default function AdminTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, total, page, invitations, editing, inviting, deactivating, resetting, timeZone } = loaderData;
  const reply = actionData && "result" in actionData ? actionData : undefined;
  const inviteOpen = inviting || reply?.form === "invite";
  const editOpen = editing !== null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Team</h1>
        <Link to="?invite=1" preventScrollReset className="btn-primary">
          Invite someone
        </Link>
      </div>
      {loaderData.invited && !inviteOpen ? (
        <Notice tone="success">Invitation sent to {loaderData.invited}. The link works for 72 hours.</Notice>
      ) : null}
      {loaderData.saved && !editOpen ? <Notice tone="success">Roles saved.</Notice> : null}
      {loaderData.deactivated ? (
        <Notice tone="success">Account deactivated. Its sessions and API tokens have ended.</Notice>
      ) : null}
      {loaderData.reactivated ? <Notice tone="success">Account reactivated.</Notice> : null}
      {loaderData.twoFactorReset ? (
        <Notice tone="success">
          Two-factor sign-in was reset. They were signed out everywhere and told by mail; they set it up again after
          signing in with their password.
        </Notice>
      ) : null}
      {actionData && "refused" in actionData ? <Notice tone="error">{actionData.refused}</Notice> : null}
      {actionData && "missing" in actionData ? (
        <Notice tone="error">That member of staff no longer exists.</Notice>
      ) : null}

      {inviteOpen ? (
        <FormModal title="Invite someone" closeTo={SCREEN}>
          <InviteForm lastResult={reply?.form === "invite" ? reply.result : undefined} />
        </FormModal>
      ) : null}
      {editOpen ? (
        <FormModal title={`Roles of ${editing.name}`} closeTo={SCREEN}>
          <AuditHistory entity="staff" entityId={editing.id} atTopOfForm />
          <RolesForm
            key={editing.id}
            member={editing}
            ticked={loaderData.tickedRoles}
            lastResult={reply?.form === "roles" ? reply.result : undefined}
          />
        </FormModal>
      ) : null}
      {resetting ? (
        <ConfirmPanel
          question={`Reset the two-factor sign-in of ${resetting.name}?`}
          details={
            <p>
              For someone who lost their phone and their recovery codes: {secondFactorWords(resetting)} of{" "}
              {resetting.name} ({resetting.username}) will be removed, they will be signed out everywhere and told by
              mail. They then sign in with their password alone and set up two-factor again.
            </p>
          }
          confirmLabel="Yes, reset two-factor"
          intent="reset-two-factor"
          fields={{ id: String(resetting.id) }}
          cancelTo={SCREEN}
        />
      ) : null}
      {deactivating ? (
        <ConfirmPanel
          question={`Deactivate ${deactivating.name}?`}
          details={
            <p>
              {deactivating.name} ({deactivating.username}) will be signed out everywhere at once and their API tokens
              will stop working. Their name stays on everything they did; an owner can reactivate the account later.
            </p>
          }
          confirmLabel="Yes, deactivate"
          intent="deactivate"
          fields={{ id: String(deactivating.id) }}
          cancelTo={SCREEN}
        />
      ) : null}

      <DataTable
        caption="The staff"
        columns={[
          { label: "Name" },
          { label: "Username" },
          { label: "Email" },
          { label: "Roles" },
          { label: "Status" },
          { label: "Two-factor" },
          { label: "Actions", hidden: true },
        ]}
        emptyText="Nobody yet"
      >
        {staff.map((member) => (
          <tr key={member.id}>
            <td className="px-3 py-3 font-medium text-slate-900">{member.name}</td>
            <td className="px-3 py-3 text-slate-700">{member.username}</td>
            <td className="px-3 py-3 text-slate-700">{member.email || "—"}</td>
            <td className="px-3 py-3 text-slate-700">{roleWords(member.roles) || "None"}</td>
            <td className="px-3 py-3 whitespace-nowrap">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${member.active ? "bg-brand-100 text-brand-800" : "bg-slate-200 text-slate-700"}`}
              >
                {member.active ? "Active" : "Deactivated"}
              </span>
            </td>
            <td className="px-3 py-3 text-slate-700">{hasSecondFactor(member) ? secondFactorLabel(member) : "Off"}</td>
            <td className="px-3 py-3 align-top">
              <RowMenu subject={member.name}>
                <Link
                  to={`?edit=${member.id}`}
                  preventScrollReset
                  className="font-semibold text-brand-700 hover:underline"
                  aria-label={`Change roles of ${member.name}`}
                >
                  Change roles
                </Link>
                {member.active && hasSecondFactor(member) && member.id !== loaderData.myId ? (
                  <Link
                    to={`?reset-two-factor=${member.id}`}
                    preventScrollReset
                    className="font-semibold text-brand-700 hover:underline"
                    aria-label={`Reset two-factor of ${member.name}`}
                  >
                    Reset two-factor
                  </Link>
                ) : null}
                {member.active ? (
                  <Link
                    to={`?deactivate=${member.id}`}
                    preventScrollReset
                    className="font-semibold text-red-700 hover:underline"
                    aria-label={`Deactivate ${member.name}`}
                  >
                    Deactivate
                  </Link>
                ) : (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="id" value={member.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="reactivate"
                      className="font-semibold text-brand-700 hover:underline"
                      aria-label={`Reactivate ${member.name}`}
                    >
                      Reactivate
                    </button>
                  </Form>
                )}
              </RowMenu>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        rowsOnPage={staff.length}
        label="Staff"
        transient={["saved", "invited", "deactivated", "reactivated", "two-factor-reset"]}
      />

      <section aria-labelledby="pending-invitations" className="space-y-3">
        <h2 id="pending-invitations" className="text-lg font-semibold text-slate-900">
          Invited, not yet joined
        </h2>
        <DataTable
          caption="Invitations waiting to be accepted"
          columns={[{ label: "Name" }, { label: "Email" }, { label: "Roles" }, { label: "Link works until" }]}
          emptyText="No invitations waiting"
        >
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <td className="px-3 py-3 font-medium text-slate-900">{invitation.name}</td>
              <td className="px-3 py-3 text-slate-700">{invitation.email}</td>
              <td className="px-3 py-3 text-slate-700">{roleWords(invitation.roles)}</td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                {formatDate(invitation.expires_at, timeZone)}
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}

/** The roles as checkboxes, each named by its label and described by what it gives. */
function RoleChoices({
  field,
  formId,
}: {
  field: Pick<FieldMetadata<unknown>, "name" | "initialValue" | "errors" | "errorId">;
  formId: string;
}) {
  const chosen = new Set<unknown>([field.initialValue ?? []].flat());
  return (
    <fieldset aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="field-label">Roles</legend>
      <div className="space-y-2">
        {ROLES.map((role) => {
          const id = `${formId}-role-${role}`;
          return (
            <div key={role} className="flex items-start gap-3">
              <input
                type="checkbox"
                id={id}
                name={field.name}
                value={role}
                defaultChecked={chosen.has(role)}
                aria-describedby={`${id}-description`}
                className="mt-1 h-4 w-4 accent-brand-700"
              />
              <div>
                <label htmlFor={id} className="block font-medium text-slate-800">
                  {ROLE_LABELS[role]}
                </label>
                <p id={`${id}-description`} className="text-sm text-slate-500">
                  {ROLE_DESCRIPTIONS[role]}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

function InviteForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "invite-form",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: invitationSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="invite" />
      <InputField field={fields.name} label="Name" type="text" required autoComplete="off" />
      <InputField field={fields.email} label="Email" type="email" required autoComplete="off" />
      <RoleChoices field={fields.roles} formId={form.id} />
      <p className="text-sm text-slate-600">
        They receive a link by mail that works once, for 72 hours, to choose their username and password.
      </p>
      <FormActions saveLabel="Send invitation" cancelTo={SCREEN} formErrors={form.errors} />
    </Form>
  );
}

function RolesForm({
  member,
  ticked,
  lastResult,
}: {
  member: StaffMember;
  ticked: string[] | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "roles-form",
    lastResult,
    // Conform types a field it cannot see through (a preprocess) as text; the checkboxes take the list.
    defaultValue: { roles: (ticked ?? member.roles) as unknown as string },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rolesChangeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="roles" />
      <input type="hidden" name="id" value={member.id} />
      <p className="text-slate-700">
        {member.name} ({member.username}) holds {roleWords(member.roles) || "no roles"}.
      </p>
      <RoleChoices field={fields.roles} formId={form.id} />
      <FormActions saveLabel="Save roles" cancelTo={SCREEN} formErrors={form.errors} />
    </Form>
  );
}
