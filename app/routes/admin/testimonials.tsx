import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/testimonials";
import { CheckboxField } from "~/components/admin/checkbox-field";
import { ConfirmPanel } from "~/components/admin/confirm-panel";
import { DataTable } from "~/components/admin/data-table";
import { FormModal } from "~/components/admin/form-modal";
import { Notice } from "~/components/admin/notice";
import { Pagination, pageFrom } from "~/components/admin/pagination";
import { Stars } from "~/components/content/stars";
import { InputField, SelectField, TextareaField } from "~/components/ui/form-fields";
import { TESTIMONIAL_CATEGORIES, testimonialSchema, type TestimonialInput } from "~/domain/content-schemas";
import { formatDate } from "~/domain/dates";
import { truncate } from "~/domain/text";
import { getEnv } from "~/lib/env.server";
import { readSubmission } from "~/lib/form-submission.server";
import { NotFoundError, ValidationError } from "~/lib/service-errors";
import {
  approveTestimonial,
  countTestimonials,
  createTestimonial,
  deleteTestimonial,
  getTestimonial,
  listTestimonials,
  updateTestimonial,
  type Testimonial,
} from "~/services/testimonials.server";

export const meta: Route.MetaFunction = () => [{ title: "Testimonials | Admin" }];

const PAGE_SIZE = 25;
const STAFF = { staff: true };

async function testimonialFromParam(value: string | null): Promise<Testimonial | null> {
  const id = Number(value);
  if (!value || !Number.isSafeInteger(id) || id <= 0) return null;
  return getTestimonial(id).catch((error) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
}

export async function loader({ url }: Route.LoaderArgs) {
  const page = pageFrom(url);
  const [pending, approved, approvedTotal, pendingTotal, editing, deleting] = await Promise.all([
    listTestimonials({ pendingOnly: true, limit: 100 }, STAFF),
    listTestimonials({ approvedOnly: true, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, STAFF),
    countTestimonials(true),
    countTestimonials(false),
    testimonialFromParam(url.searchParams.get("edit")),
    testimonialFromParam(url.searchParams.get("delete")),
  ]);
  return {
    pending,
    pendingTotal,
    approved,
    approvedTotal,
    page,
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
  const { fields } = await readSubmission(request, { flags: ["is_approved"] });
  const id = Number(fields.get("id") ?? 0);
  try {
    if (fields.get("intent") === "approve") {
      await approveTestimonial(id);
      return redirect("/admin/testimonials?approved=1");
    }
    if (fields.get("intent") === "delete") {
      await deleteTestimonial(id);
      return redirect("/admin/testimonials?deleted=1");
    }
    const submission = parseWithZod(fields, { schema: testimonialSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    try {
      const testimonial = id ? await updateTestimonial(id, submission.value) : await createTestimonial(submission.value);
      return redirect(`/admin/testimonials?saved=${testimonial.id}`);
    } catch (error) {
      if (error instanceof ValidationError) return data({ result: submission.reply({ fieldErrors: error.fieldErrors }) }, { status: 400 });
      throw error;
    }
  } catch (error) {
    if (error instanceof NotFoundError) return data({ result: undefined, missing: true }, { status: 404 });
    throw error;
  }
}

export default function AdminTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, pendingTotal, approved, approvedTotal, page, editing, creating, deleting, timeZone } = loaderData;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
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
      {loaderData.approvedNotice ? <Notice tone="success">Testimonial approved: it now appears on the site.</Notice> : null}
      {loaderData.deleted ? <Notice tone="success">Testimonial deleted.</Notice> : null}
      {actionData && "missing" in actionData ? <Notice tone="error">That testimonial no longer exists.</Notice> : null}

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
          </section>
          <section aria-labelledby="approved-title" className="space-y-3">
            <h2 id="approved-title" className="text-lg font-semibold text-slate-900">
              Approved ({approvedTotal})
            </h2>
            <TestimonialTable rows={approved} emptyText="No approved testimonials" timeZone={timeZone} />
            <Pagination page={page} pageSize={PAGE_SIZE} total={approvedTotal} rowsOnPage={approved.length} label="Approved testimonials" transient={["saved", "deleted", "approved"]} />
          </section>
        </>
      )}

      {formOpen ? (
        <FormModal title={editing ? `Edit testimonial from ${editing.name}` : "New testimonial"} closeTo="/admin/testimonials">
          <TestimonialForm key={editing?.id ?? "new"} testimonial={editing} lastResult={lastResult} />
        </FormModal>
      ) : null}
    </div>
  );
}

function TestimonialTable({ rows, emptyText, timeZone }: { rows: Testimonial[]; emptyText: string; timeZone: string }) {
  const navigation = useNavigation();
  return (
    <DataTable
      caption={emptyText.replace(/^No /, "").replace(/^./, (c) => c.toUpperCase())}
      columns={[{ label: "Name" }, { label: "Testimonial" }, { label: "Rating" }, { label: "Category" }, { label: "Received" }, { label: "Actions", hidden: true }]}
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
          <td className="px-3 py-3 text-right whitespace-nowrap">
            {!testimonial.is_approved ? (
              <Form method="post" className="inline" preventScrollReset>
                <input type="hidden" name="id" value={testimonial.id} />
                <button
                  type="submit"
                  name="intent"
                  value="approve"
                  disabled={navigation.state === "submitting" && navigation.formData?.get("id") === String(testimonial.id)}
                  className="font-semibold text-brand-700 hover:underline"
                  aria-label={`Approve testimonial from ${testimonial.name}`}
                >
                  Approve
                </button>
              </Form>
            ) : null}
            <Link to={`?edit=${testimonial.id}`} preventScrollReset className="ml-4 font-semibold text-brand-700 hover:underline" aria-label={`Edit testimonial from ${testimonial.name}`}>
              Edit
            </Link>
            <Link to={`?delete=${testimonial.id}`} preventScrollReset className="ml-4 font-semibold text-red-700 hover:underline" aria-label={`Delete testimonial from ${testimonial.name}`}>
              Delete
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function TestimonialForm({ testimonial, lastResult }: { testimonial: Testimonial | null; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
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
        <InputField field={fields.country} label={<>Country <span className="font-normal text-slate-500">(optional)</span></>} type="text" />
      </div>
      <TextareaField field={fields.text} label="Testimonial" rows={5} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField field={fields.rating} label="Rating" options={["5", "4", "3", "2", "1"].map((value) => ({ value, label: `${value} star${value === "1" ? "" : "s"}` }))} />
        <SelectField field={fields.category} label="Category" options={TESTIMONIAL_CATEGORIES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))} />
      </div>
      <InputField field={fields.image_filename} label={<>Photo URL <span className="font-normal text-slate-500">(optional)</span></>} type="url" placeholder="https://…/photo.jpg" />
      <InputField field={fields.video_url} label={<>Video URL <span className="font-normal text-slate-500">(optional)</span></>} type="text" />
      <CheckboxField field={fields.is_approved} label="Approved" hint="Approved testimonials appear on the site" />
      <div className="flex gap-3 pt-2">
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save testimonial"}
        </button>
        <Link to="/admin/testimonials" preventScrollReset className="btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
