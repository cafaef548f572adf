import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/admin-events";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { DataTable } from "~/ui/data-table";
import { FormActions } from "~/ui/form-actions";
import { FormModal } from "~/ui/form-modal";
import { Notice } from "~/ui/notice";
import { Pagination, pageFrom } from "~/ui/pagination";
import { PhotoField } from "~/content/media/index.ui";
import { RowActions } from "~/ui/row-actions";
import { useFocusReturn } from "~/ui/use-focus-return";
import { InputField, TextareaField } from "~/ui/form-fields";
import { eventSchema, type EventInput } from "../rules/event";
import { eventDay, formatEventDate } from "../rules/event-dates";
import { UPLOAD_FOLDERS } from "~/content/media";
import { truncate } from "~/shared/text";
import { contentFormAction } from "~/ui/content-form.server";
import { rowFromParam } from "~/lib/record-ids.server";
import {
  type CharityEvent,
  createEvent,
  deleteEvent,
  findEventPage,
  getEvent,
  updateEvent,
} from "../server/events.server";
import { photoUpload } from "~/content/media/index.server";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Events | Admin" }];

const PAGE_SIZE = 25;

export async function loader({ url }: Route.LoaderArgs) {
  const state = {
    page: pageFrom(url),
    creating: url.searchParams.has("new"),
    saved: url.searchParams.get("saved"),
    deleted: url.searchParams.has("deleted"),
  };
  try {
    const [found, editing, deleting] = await Promise.all([
      findEventPage(state.page, PAGE_SIZE),
      rowFromParam(url.searchParams.get("edit"), getEvent),
      rowFromParam(url.searchParams.get("delete"), getEvent),
    ]);
    return { ...state, events: found.rows, total: found.total, page: found.page, editing, deleting, loadError: null };
  } catch (error) {
    console.error("Admin events failed to load:", error);
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ...state,
      events: [] as CharityEvent[],
      total: 0,
      editing: null,
      deleting: null,
      loadError: `Error loading events: ${reason}`,
    };
  }
}

export async function action({ request }: Route.ActionArgs) {
  return contentFormAction(request, {
    screen: "/admin/events",
    schema: eventSchema,
    photo: { field: "image", upload: photoUpload(UPLOAD_FOLDERS.events) },
    save: (id, values) => (id ? updateEvent(id, values) : createEvent(values)),
    remove: deleteEvent,
  });
}

export default function AdminEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { events, total, page, editing, creating, deleting, loadError } = loaderData;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  useFocusReturn(deleting ? String(deleting.id) : null, (id) => `[data-delete-for="${id}"]`);
  const formOpen = creating || editing !== null || lastResult !== undefined;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Events</h1>
        <Link to="?new=1" preventScrollReset className="btn-primary">
          New event
        </Link>
      </div>
      {loadError ? <Notice tone="error">{loadError}</Notice> : null}
      {loaderData.saved && !formOpen ? <Notice tone="success">Event saved.</Notice> : null}
      {loaderData.deleted ? <Notice tone="success">Event deleted.</Notice> : null}
      {actionData && "missing" in actionData ? <Notice tone="error">That event no longer exists.</Notice> : null}

      {/* First on the page: without JavaScript this is a plain section, and must be in view. */}
      {formOpen ? (
        <FormModal title={editing ? `Edit event: ${editing.title}` : "New event"} closeTo="/admin/events">
          {editing ? <AuditHistory entity="event" entityId={editing.id} atTopOfForm /> : null}
          <EventForm key={editing?.id ?? "new"} event={editing} lastResult={lastResult} />
        </FormModal>
      ) : null}

      {deleting ? (
        <ConfirmPanel
          question="Are you sure you want to delete this event?"
          details={<p>“{deleting.title}” will be removed from the site. This cannot be undone.</p>}
          confirmLabel="Yes, delete event"
          intent="delete"
          fields={{ id: String(deleting.id) }}
          cancelTo="/admin/events"
        />
      ) : null}

      <DataTable
        caption="Events, latest date first"
        columns={[
          { label: "Title" },
          { label: "Date" },
          { label: "Location" },
          { label: "Description" },
          { label: "Actions", hidden: true },
        ]}
        emptyText="No events yet"
      >
        {events.map((event) => (
          <tr key={event.id}>
            <td className="px-3 py-3 font-medium text-slate-900">{event.title}</td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatEventDate(event.date)}</td>
            <td className="px-3 py-3 text-slate-700">{event.location}</td>
            <td className="px-3 py-3 text-slate-700">{truncate(event.description, 100)}</td>
            <RowActions id={event.id} subject={event.title} />
          </tr>
        ))}
      </DataTable>
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        rowsOnPage={events.length}
        label="Events"
        transient={["saved", "deleted"]}
      />
    </div>
  );
}

function EventForm({ event, lastResult }: { event: CharityEvent | null; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<Record<keyof EventInput, string>, EventInput>({
    id: "event-form",
    lastResult,
    // The admin form sets the day only; a time set through the API gives way to the day saved here.
    defaultValue: event
      ? {
          title: event.title,
          description: event.description,
          date: eventDay(event.date),
          location: event.location,
          image: event.image,
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eventSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const fileError = lastResult?.error?.image_file ?? undefined;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      {event ? <input type="hidden" name="id" value={event.id} /> : null}
      <InputField field={fields.title} label="Title" type="text" required />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={fields.date} label="Date" type="date" required />
        <InputField field={fields.location} label="Location" type="text" required />
      </div>
      <TextareaField field={fields.description} label="Description" rows={5} required />
      <PhotoField
        field={fields.image}
        saved={event?.image ?? ""}
        folder={UPLOAD_FOLDERS.events}
        fileError={fileError ?? undefined}
      />
      <FormActions saveLabel="Save event" cancelTo="/admin/events" formErrors={form.errors} />
    </Form>
  );
}
