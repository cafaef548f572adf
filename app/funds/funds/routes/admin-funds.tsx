import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin-funds";
import { FundBadges } from "../components/fund-badges";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { DataTable } from "~/ui/data-table";
import { FormActions } from "~/ui/form-actions";
import { FormModal } from "~/ui/form-modal";
import { FundsTabs } from "../components/funds-tabs";
import { Notice } from "~/ui/notice";
import { useFocusReturn } from "~/ui/use-focus-return";
import { InputField, TextareaField } from "~/ui/form-fields";
import { canBeArchived } from "../rules/fund-kinds";
import { fundChangeSchema, newFundSchema, type FundChange, type NewFund } from "../rules/fund-schemas";
import { formatCount, formatExactDollars } from "~/shared/money";
import { readFormBody } from "~/lib/form-body.server";
import { failureNotice, refuseUnknownIntent, serviceErrorReply } from "~/ui/form-replies.server";
import { requireRecordId, rowFromParam } from "~/lib/record-ids.server";
import { NotFoundError } from "~/lib/service-errors";
import { addFund, changeFund, getFund, listFunds, type Fund } from "../server/funds.server";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Funds | Admin" }];

const SCREEN = "/admin/funds";

export async function loader({ url }: Route.LoaderArgs) {
  const [funds, editing, archiving] = await Promise.all([
    listFunds(),
    rowFromParam(url.searchParams.get("edit"), getFund),
    rowFromParam(url.searchParams.get("archive"), getFund),
  ]);
  const named = (param: string) => funds.find((fund) => String(fund.id) === url.searchParams.get(param))?.name ?? null;
  return {
    funds,
    editing,
    adding: url.searchParams.has("new"),
    // The fixed funds have no archive control; an address naming one opens nothing.
    archiving: archiving && canBeArchived(archiving.kind) && !archiving.archived ? archiving : null,
    added: named("added"),
    saved: named("saved"),
    archived: named("archived"),
    reopened: named("reopened"),
    missing: url.searchParams.has("missing"),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const intent = form.get("intent");
  try {
    // One form adds a fund (no id) or saves a fund's description (its id).
    if (intent === "save") return form.get("id") ? await describeAction(form) : await addAction(form);
    if (intent === "archive" || intent === "reopen") return await archiveAction(form, intent === "archive");
  } catch (error) {
    // The fund named is not there (a crafted address): back to the list, said in its words.
    if (error instanceof NotFoundError) return redirect(`${SCREEN}?missing=1`);
    throw error;
  }
  return refuseUnknownIntent(request, intent);
}

async function addAction(form: FormData) {
  const submission = parseWithZod(form, { schema: newFundSchema });
  if (submission.status !== "success")
    return data({ intent: "add" as const, result: submission.reply() }, { status: 400 });
  try {
    const fund = await addFund(submission.value);
    return redirect(`${SCREEN}?added=${fund.id}`);
  } catch (error) {
    return serviceErrorReply(submission, error, { intent: "add" as const });
  }
}

async function describeAction(form: FormData) {
  const id = requireRecordId(form.get("id"));
  const submission = parseWithZod(form, { schema: fundChangeSchema });
  if (submission.status !== "success")
    return data({ intent: "describe" as const, result: submission.reply() }, { status: 400 });
  try {
    // An emptied box clears the description (the schema reads it as "not given").
    await changeFund(id, { description: submission.value.description ?? "" });
    return redirect(`${SCREEN}?saved=${id}`);
  } catch (error) {
    if (error instanceof NotFoundError) throw error;
    return serviceErrorReply(submission, error, { intent: "describe" as const });
  }
}

async function archiveAction(form: FormData, archived: boolean) {
  const id = requireRecordId(form.get("id"));
  try {
    await changeFund(id, { archived });
    return redirect(`${SCREEN}?${archived ? "archived" : "reopened"}=${id}`);
  } catch (error) {
    if (error instanceof NotFoundError) throw error;
    return failureNotice(error, { what: "Archiving a fund failed", failed: "The fund could not be changed" });
  }
}

export default function AdminFunds({ loaderData, actionData }: Route.ComponentProps) {
  const { funds, editing, adding, archiving } = loaderData;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const formIntent = actionData && "intent" in actionData ? actionData.intent : null;
  const formOpen = adding || editing !== null || lastResult !== undefined;
  useFocusReturn(archiving ? String(archiving.id) : null, (id) => `[data-archive-for="${id}"]`);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Funds</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/funds/ledger?record=1" className="btn-primary">
            Record a disbursement
          </Link>
          <Link to="?new=1" preventScrollReset className="btn-secondary">
            Add a restricted fund
          </Link>
        </div>
      </div>
      <FundsTabs />
      <FundNotices loaderData={loaderData} formOpen={formOpen} />
      {actionData && "message" in actionData ? <Notice tone="error">{actionData.message}</Notice> : null}

      {formOpen ? (
        <FormModal
          title={editing && formIntent !== "add" ? `Edit ${editing.name}` : "Add a restricted fund"}
          closeTo={SCREEN}
        >
          {editing && formIntent !== "add" ? (
            <>
              <AuditHistory entity="fund" entityId={editing.id} atTopOfForm />
              <DescriptionForm key={editing.id} fund={editing} lastResult={lastResult} />
            </>
          ) : (
            <NewFundForm lastResult={lastResult} />
          )}
        </FormModal>
      ) : null}

      {archiving ? (
        <ConfirmPanel
          question={`Archive ${archiving.name}?`}
          details={
            <p>
              It leaves the donate form; its gifts, disbursements and balance of {formatExactDollars(archiving.balance)}{" "}
              stay, and it can be reopened at any time.
            </p>
          }
          confirmLabel="Yes, archive fund"
          intent="archive"
          fields={{ id: String(archiving.id) }}
          cancelTo={SCREEN}
          cancelLabel="Keep it open"
        />
      ) : null}

      <FundsTable funds={funds} />
      <p className="text-sm text-slate-600">
        Received counts live gifts and offline gifts; test payments never count. Zakat al-Mal, Zakat al-Fitr, Fidya,
        Kaffarah and Sadaqa are the foundation&apos;s fixed funds: they are never renamed or archived.
      </p>
    </div>
  );
}

function FundNotices({ loaderData, formOpen }: { loaderData: Route.ComponentProps["loaderData"]; formOpen: boolean }) {
  if (formOpen) return null;
  const { added, saved, archived, reopened, missing } = loaderData;
  return (
    <>
      {added ? <Notice tone="success">{added} added. It is now offered on the donate form.</Notice> : null}
      {saved ? <Notice tone="success">The description of {saved} was saved.</Notice> : null}
      {archived ? (
        <Notice tone="success" focus>
          {archived} archived: it no longer appears on the donate form.
        </Notice>
      ) : null}
      {reopened ? (
        <Notice tone="success" focus>
          {reopened} reopened: it is offered on the donate form again.
        </Notice>
      ) : null}
      {missing ? <Notice tone="error">That fund does not exist.</Notice> : null}
    </>
  );
}

function FundsTable({ funds }: { funds: Fund[] }) {
  return (
    <DataTable
      caption="Funds with what each received, disbursed and holds"
      columns={[
        { label: "Fund" },
        { label: "Kind" },
        { label: "Received", align: "right" },
        { label: "Disbursed", align: "right" },
        { label: "Balance", align: "right" },
        { label: "Gifts", align: "right" },
        { label: "Actions", hidden: true },
      ]}
      emptyText="No funds yet"
    >
      {funds.map((fund) => (
        <tr key={fund.id} data-testid={`fund-${fund.slug}`}>
          <th scope="row" className="px-3 py-3 text-left align-top font-medium text-slate-900">
            {fund.name}
            {fund.description ? (
              <span className="mt-0.5 block max-w-md text-xs font-normal text-slate-600">{fund.description}</span>
            ) : null}
          </th>
          <td className="px-3 py-3 align-top">
            <FundBadges fund={fund} />
          </td>
          <td className="px-3 py-3 text-right align-top tabular-nums text-slate-700">
            {formatExactDollars(fund.received)}
          </td>
          <td className="px-3 py-3 text-right align-top tabular-nums text-slate-700">
            {formatExactDollars(fund.disbursed)}
          </td>
          <td
            className="px-3 py-3 text-right align-top font-semibold tabular-nums text-slate-900"
            data-testid={`balance-${fund.slug}`}
          >
            {formatExactDollars(fund.balance)}
          </td>
          <td className="px-3 py-3 text-right align-top tabular-nums text-slate-700">
            <Link
              to={`/admin/donations?fund=${fund.id}`}
              className="text-brand-700 hover:underline"
              aria-label={`${formatCount(fund.gift_count)} ${fund.gift_count === 1 ? "gift" : "gifts"} to ${fund.name}`}
            >
              {formatCount(fund.gift_count)}
            </Link>
          </td>
          <FundActions fund={fund} />
        </tr>
      ))}
    </DataTable>
  );
}

function FundActions({ fund }: { fund: Fund }) {
  const link = "ml-4 font-semibold text-brand-700 hover:underline";
  return (
    <td className="px-3 py-3 text-right align-top whitespace-nowrap">
      <Link to={`/admin/funds/ledger?fund=${fund.id}`} className={link} aria-label={`Ledger of ${fund.name}`}>
        Ledger
      </Link>
      <Link
        to={`?edit=${fund.id}`}
        preventScrollReset
        className={link}
        aria-label={`Edit the description of ${fund.name}`}
      >
        Edit
      </Link>
      {canBeArchived(fund.kind) && !fund.archived ? (
        <Link
          to={`?archive=${fund.id}`}
          preventScrollReset
          data-archive-for={fund.id}
          className="ml-4 font-semibold text-red-700 hover:underline"
          aria-label={`Archive ${fund.name}`}
        >
          Archive
        </Link>
      ) : null}
      {canBeArchived(fund.kind) && fund.archived ? (
        <Form method="post" className="ml-4 inline" preventScrollReset>
          <input type="hidden" name="id" value={fund.id} />
          <button
            type="submit"
            name="intent"
            value="reopen"
            className="font-semibold text-brand-700 hover:underline"
            aria-label={`Reopen ${fund.name}`}
          >
            Reopen
          </button>
        </Form>
      ) : null}
    </td>
  );
}

function NewFundForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<Record<keyof NewFund, string>, NewFund>({
    id: "new-fund",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newFundSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      <p className="text-sm text-slate-600">
        A restricted Sadaqa fund, given only for its purpose. Its name is also the purpose donors choose on the donate
        form, and never changes once gifts are recorded under it.
      </p>
      <InputField field={fields.name} label="Name" type="text" required maxLength={80} />
      <TextareaField
        field={fields.description}
        label={
          <>
            Description <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        rows={3}
        maxLength={1000}
      />
      <FormActions saveLabel="Add fund" cancelTo={SCREEN} formErrors={form.errors} />
    </Form>
  );
}

function DescriptionForm({ fund, lastResult }: { fund: Fund; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<Record<keyof FundChange, string>, FundChange>({
    id: "fund-description",
    lastResult,
    defaultValue: { description: fund.description },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: fundChangeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      <input type="hidden" name="id" value={fund.id} />
      <p className="text-sm text-slate-600">A fund&apos;s name never changes: gifts are recorded under it.</p>
      <TextareaField field={fields.description} label="Description" rows={4} maxLength={1000} />
      <FormActions saveLabel="Save description" cancelTo={SCREEN} formErrors={form.errors} />
    </Form>
  );
}
