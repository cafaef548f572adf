import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/admin-stories";
import { CheckboxField } from "~/ui/checkbox-field";
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
import { storySchema, type StoryInput } from "../rules/story";
import { formatDate } from "~/shared/dates";
import { UPLOAD_FOLDERS } from "~/content/media";
import { truncate } from "~/shared/text";
import { contentFormAction } from "~/ui/content-form.server";
import { rowFromParam } from "~/lib/record-ids.server";
import { getEnv } from "~/lib/env.server";
import { createStory, deleteStory, findStoryPage, getStory, type Story, updateStory } from "../server/stories.server";
import { photoUpload } from "~/content/media/index.server";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Stories | Admin" }];

const PAGE_SIZE = 25;
const STAFF = { staff: true };

export async function loader({ url }: Route.LoaderArgs) {
  const [found, editing, deleting] = await Promise.all([
    findStoryPage(pageFrom(url), PAGE_SIZE),
    rowFromParam(url.searchParams.get("edit"), (id) => getStory(id, STAFF)),
    rowFromParam(url.searchParams.get("delete"), (id) => getStory(id, STAFF)),
  ]);
  return {
    stories: found.rows,
    total: found.total,
    page: found.page,
    editing,
    creating: url.searchParams.has("new"),
    deleting,
    saved: url.searchParams.get("saved"),
    deleted: url.searchParams.has("deleted"),
    timeZone: getEnv().SITE_TIMEZONE,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return contentFormAction(request, {
    screen: "/admin/stories",
    schema: storySchema,
    flags: ["is_active", "is_featured"],
    photo: { field: "image_filename", upload: photoUpload(UPLOAD_FOLDERS.stories) },
    save: (id, values) => (id ? updateStory(id, values) : createStory(values)),
    remove: deleteStory,
  });
}

export default function AdminStories({ loaderData, actionData }: Route.ComponentProps) {
  const { stories, total, page, editing, creating, deleting, timeZone } = loaderData;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  useFocusReturn(deleting ? String(deleting.id) : null, (id) => `[data-delete-for="${id}"]`);
  const formOpen = creating || editing !== null || lastResult !== undefined;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Stories</h1>
        <Link to="?new=1" preventScrollReset className="btn-primary">
          New story
        </Link>
      </div>
      {loaderData.saved && !formOpen ? <Notice tone="success">Story saved.</Notice> : null}
      {loaderData.deleted ? <Notice tone="success">Story deleted.</Notice> : null}
      {actionData && "missing" in actionData ? <Notice tone="error">That story no longer exists.</Notice> : null}

      {/* First on the page: without JavaScript this is a plain section, and must be in view. */}
      {formOpen ? (
        <FormModal title={editing ? `Edit story: ${editing.title}` : "New story"} closeTo="/admin/stories">
          {editing ? <AuditHistory entity="story" entityId={editing.id} atTopOfForm /> : null}
          <StoryForm key={editing?.id ?? "new"} story={editing} lastResult={lastResult} />
        </FormModal>
      ) : null}

      {deleting ? (
        <ConfirmPanel
          question="Are you sure you want to delete this story?"
          details={<p>“{deleting.title}” will be removed from the site. This cannot be undone.</p>}
          confirmLabel="Yes, delete story"
          intent="delete"
          fields={{ id: String(deleting.id) }}
          cancelTo="/admin/stories"
        />
      ) : null}

      <DataTable
        caption="Stories, newest first"
        columns={[
          { label: "Title" },
          { label: "Summary" },
          { label: "Status" },
          { label: "Created" },
          { label: "Actions", hidden: true },
        ]}
        emptyText="No stories yet"
      >
        {stories.map((story) => (
          <tr key={story.id}>
            <td className="px-3 py-3 font-medium text-slate-900">{story.title}</td>
            <td className="px-3 py-3 text-slate-700">{truncate(story.summary, 100)}</td>
            <td className="px-3 py-3 whitespace-nowrap">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${story.is_active ? "bg-brand-100 text-brand-800" : "bg-slate-200 text-slate-700"}`}
              >
                {story.is_active ? "Active" : "Inactive"}
              </span>
              {story.is_featured ? (
                <span className="ml-2 rounded-full bg-gold-300 px-2 py-0.5 text-xs font-semibold text-slate-900">
                  Featured
                </span>
              ) : null}
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatDate(story.created_at, timeZone)}</td>
            <RowActions id={story.id} subject={story.title} />
          </tr>
        ))}
      </DataTable>
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        rowsOnPage={stories.length}
        label="Stories"
        transient={["saved", "deleted"]}
      />
    </div>
  );
}

function StoryForm({ story, lastResult }: { story: Story | null; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<Record<keyof StoryInput, string>, StoryInput>({
    id: "story-form",
    lastResult,
    defaultValue: story
      ? {
          title: story.title,
          summary: story.summary,
          content: story.content,
          video_url: story.video_url,
          image_filename: story.image_filename,
          is_active: story.is_active ? "on" : "",
          is_featured: story.is_featured ? "on" : "",
        }
      : { is_active: "on" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: storySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const fileError = lastResult?.error?.image_file ?? undefined;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      {story ? <input type="hidden" name="id" value={story.id} /> : null}
      <InputField field={fields.title} label="Title" type="text" required />
      <TextareaField field={fields.summary} label="Summary" rows={3} required />
      <TextareaField field={fields.content} label="Full content" rows={8} required />
      <PhotoField
        field={fields.image_filename}
        saved={story?.image_filename ?? ""}
        folder={UPLOAD_FOLDERS.stories}
        fileError={fileError ?? undefined}
      />
      <InputField
        field={fields.video_url}
        label={
          <>
            Video URL <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        type="text"
        placeholder="https://www.youtube.com/watch?v=…"
      />
      <div className="flex flex-wrap gap-6">
        <CheckboxField field={fields.is_active} label="Active" hint="Shown on the public site" />
        <CheckboxField field={fields.is_featured} label="Featured" hint="Leads the Stories page and the homepage" />
      </div>
      <FormActions saveLabel="Save story" cancelTo="/admin/stories" formErrors={form.errors} />
    </Form>
  );
}
