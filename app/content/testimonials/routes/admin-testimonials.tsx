import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-testimonials";
import { CheckboxField } from "~/ui/checkbox-field";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { DataTable } from "~/ui/data-table";
import { FormActions } from "~/ui/form-actions";
import { FormModal } from "~/ui/form-modal";
import { Notice } from "~/ui/notice";
import { Pagination, pageFrom } from "~/ui/pagination";
import { RowActions } from "~/ui/row-actions";
import { useFocusReturn } from "~/ui/use-focus-return";
import { Stars } from "../components/stars";
import { InputField, SelectField, TextareaField } from "~/ui/form-fields";
import { TESTIMONIAL_CATEGORIES, testimonialSchema, type TestimonialInput } from "../rules/testimonial";
import { formatDate } from "~/shared/dates";
import { truncate } from "~/shared/text";
import { contentFormAction } from "~/ui/content-form.server";
import { rowFromParam } from "~/lib/record-ids.server";
import { getEnv } from "~/lib/env.server";
import {
  approveTestimonial,
  createTestimonial,
  deleteTestimonial,
  findTestimonialPage,
  getTestimonial,
  type Testimonial,
  updateTestimonial,
} from "../server/testimonials.server";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Testimonials | Admin" }];

const PAGE_SIZE = 25;

export async function loader({ url }: Route.LoaderArgs) {
  // A page past the end (the last one emptied by approving) shows the last page there is.
  const [pending, approved, editing, deleting] = await Promise.all([
    findTestimonialPage(false, pageFrom(url, "pending_page"), PAGE_SIZE),
    findTestimonialPage(true, pageFrom(url), PAGE_SIZE),
    rowFromParam(url.searchParams.get("edit"), getTestimonial),
    rowFromParam(url.searchParams.get("delete"), getTestimonial),
  ]);
  return {
    pending: pending.rows,
    pendingTotal: pending.total,
    approved: approved.rows,
    approvedTotal: approved.total,
    page: approved.page,
    pendingPage: pending.page,
    editing,
    deleting,
    creating: url.searchParams.has("new"),
    saved: url.searchParams.get("saved"),
    approvedNotice: url.searchParams.has("approved"),
    deleted: url.searchParams.has("deleted"),
    timeZone: getEnv().SITE_TIMEZONE,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return contentFormAction(request, {
    screen: "/admin/testimonials",
    schema: testimonialSchema,
    flags: ["is_approved"],
    save: (id, values) => (id ? updateTestimonial(id, values) : createTestimonial(values)),
    remove: deleteTestimonial,
    intents: {
      approve: async (id) => {
        await approveTestimonial(id);
        return "approved=1";
      },
    },
  });
}

export default function AdminTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, pendingTotal, approved, approvedTotal, page, pendingPage, editing, creating, deleting, timeZone } =
    loaderData;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  useFocusReturn(deleting ? String(deleting.id) : null, (id) => `[data-delete-for="${id}"]`);
  const formOpen = creating || editing !== null || lastResult !== undefined;
  const none = pendingTotal === 0 && approvedTotal === 0;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Testimonials</h1>
        <Link to="?new=1" preventScrollReset className="btn-primary">
          New testimonial
        </Link>
      </div>
      {loaderData.saved && !formOpen ? <Notice tone="success">Testimonial saved.</Notice> : null}
      {loaderData.approvedNotice ? (
        <Notice tone="success">Testimonial approved: it now appears on the site.</Notice>
      ) : null}
      {loaderData.deleted ? <Notice tone="success">Testimonial deleted.</Notice> : null}
      {actionData && "missing" in actionData ? <Notice tone="error">That testimonial no longer exists.</Notice> : null}

      {/* First on the page: without JavaScript this is a plain section, and must be in view. */}
      {formOpen ? (
        <FormModal
          title={editing ? `Edit testimonial from ${editing.name}` : "New testimonial"}
          closeTo="/admin/testimonials"
        >
          {editing ? <AuditHistory entity="testimonial" entityId={editing.id} atTopOfForm /> : null}
          <TestimonialForm key={editing?.id ?? "new"} testimonial={editing} lastResult={lastResult} />
        </FormModal>
      ) : null}

      {deleting ? (
        <ConfirmPanel
          question="Are you sure you want to delete this testimonial?"
          details={<p>The testimonial from {deleting.name} will be removed. This cannot be undone.</p>}
          confirmLabel="Yes, delete testimonial"
          intent="delete"
          fields={{ id: String(deleting.id) }}
          cancelTo="/admin/testimonials"
        />
      ) : null}

      {none ? (
        <p className="rounded-xl bg-white p-10 text-center text-slate-600 shadow-sm">No testimonials yet</p>
      ) : (
        <>
          <section aria-labelledby="pending-title" className="space-y-3">
            <h2 id="pending-title" className="text-lg font-semibold text-slate-900">
              Waiting for approval ({pendingTotal})
            </h2>
            <TestimonialTable rows={pending} emptyText="No pending testimonials" timeZone={timeZone} />
            <Pagination
              page={pendingPage}
              pageSize={PAGE_SIZE}
              total={pendingTotal}
              rowsOnPage={pending.length}
              label="Pending testimonials"
              param="pending_page"
              transient={["saved", "deleted", "approved"]}
            />
          </section>
          <section aria-labelledby="approved-title" className="space-y-3">
            <h2 id="approved-title" className="text-lg font-semibold text-slate-900">
              Approved ({approvedTotal})
            </h2>
            <TestimonialTable rows={approved} emptyText="No approved testimonials" timeZone={timeZone} />
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={approvedTotal}
              rowsOnPage={approved.length}
              label="Approved testimonials"
              transient={["saved", "deleted", "approved"]}
            />
          </section>
        </>
      )}
    </div>
  );
}

function TestimonialTable({ rows, emptyText, timeZone }: { rows: Testimonial[]; emptyText: string; timeZone: string }) {
  const navigation = useNavigation();
  return (
    <DataTable
      caption={emptyText.replace(/^No /, "").replace(/^./, (c) => c.toUpperCase())}
      columns={[
        { label: "Name" },
        { label: "Testimonial" },
        { label: "Rating" },
        { label: "Category" },
        { label: "Received" },
        { label: "Actions", hidden: true },
      ]}
      emptyText={emptyText}
    >
      {rows.map((testimonial) => (
        <tr key={testimonial.id}>
          <td className="px-3 py-3">
            <span className="block font-medium text-slate-900">{testimonial.name}</span>
            {testimonial.country ? <span className="block text-slate-600">{testimonial.country}</span> : null}
          </td>
          <td className="px-3 py-3 text-slate-700">{truncate(testimonial.text, 150)}</td>
          <td className="px-3 py-3">
            <Stars rating={testimonial.rating} />
          </td>
          <td className="px-3 py-3 text-slate-700 capitalize">{testimonial.category}</td>
          <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatDate(testimonial.created_at, timeZone)}</td>
          <RowActions id={testimonial.id} subject={`testimonial from ${testimonial.name}`}>
            {!testimonial.is_approved ? (
              <Form method="post" className="inline" preventScrollReset>
                <input type="hidden" name="id" value={testimonial.id} />
                <button
                  type="submit"
                  name="intent"
                  value="approve"
                  disabled={
                    navigation.state === "submitting" && navigation.formData?.get("id") === String(testimonial.id)
                  }
                  className="font-semibold text-brand-700 hover:underline"
                  aria-label={`Approve testimonial from ${testimonial.name}`}
                >
                  Approve
                </button>
              </Form>
            ) : null}
          </RowActions>
        </tr>
      ))}
    </DataTable>
  );
}

function TestimonialForm({
  testimonial,
  lastResult,
}: {
  testimonial: Testimonial | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<Record<keyof TestimonialInput, string>, TestimonialInput>({
    id: "testimonial-form",
    lastResult,
    defaultValue: testimonial
      ? {
          name: testimonial.name,
          country: testimonial.country,
          text: testimonial.text,
          rating: String(testimonial.rating),
          category: testimonial.category,
          video_url: testimonial.video_url,
          image_filename: testimonial.image_filename,
          is_approved: testimonial.is_approved ? "on" : "",
        }
      : { rating: "5", category: "donor" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: testimonialSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      {testimonial ? <input type="hidden" name="id" value={testimonial.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={fields.name} label="Name" type="text" required />
        <InputField
          field={fields.country}
          label={
            <>
              Country <span className="font-normal text-slate-500">(optional)</span>
            </>
          }
          type="text"
        />
      </div>
      <TextareaField field={fields.text} label="Testimonial" rows={5} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.rating}
          label="Rating"
          options={["5", "4", "3", "2", "1"].map((value) => ({
            value,
            label: `${value} star${value === "1" ? "" : "s"}`,
          }))}
        />
        <SelectField
          field={fields.category}
          label="Category"
          options={TESTIMONIAL_CATEGORIES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))}
        />
      </div>
      <InputField
        field={fields.image_filename}
        label={
          <>
            Photo URL <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        type="url"
        placeholder="https://…/photo.jpg"
      />
      <InputField
        field={fields.video_url}
        label={
          <>
            Video URL <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        type="text"
      />
      <CheckboxField field={fields.is_approved} label="Approved" hint="Approved testimonials appear on the site" />
      <FormActions saveLabel="Save testimonial" cancelTo="/admin/testimonials" formErrors={form.errors} />
    </Form>
  );
}
