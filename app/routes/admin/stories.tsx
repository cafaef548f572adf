import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/stories";
import { CheckboxField } from "~/components/admin/checkbox-field";
import { ConfirmPanel } from "~/components/admin/confirm-panel";
import { DataTable } from "~/components/admin/data-table";
import { FormModal } from "~/components/admin/form-modal";
import { Notice } from "~/components/admin/notice";
import { Pagination, pageFrom } from "~/components/admin/pagination";
import { PhotoField } from "~/components/admin/photo-field";
import { InputField, TextareaField } from "~/components/ui/form-fields";
import { storySchema, type StoryInput } from "~/domain/content-schemas";
import { formatDate } from "~/domain/dates";
import { UPLOAD_FOLDERS } from "~/domain/media-sources";
import { truncate } from "~/domain/text";
import { getEnv } from "~/lib/env.server";
import { readSubmission } from "~/lib/form-submission.server";
import { NotFoundError, ValidationError } from "~/lib/service-errors";
import { discard, MAX_IMAGE_BYTES, storeImage } from "~/lib/uploads.server";
import { countStories, createStory, deleteStory, getStory, listStories, updateStory, type Story } from "~/services/stories.server";

export const meta: Route.MetaFunction = () => [{ title: "Stories | Admin" }];

const PAGE_SIZE = 25;
const STAFF = { staff: true };

async function storyFromParam(value: string | null): Promise<Story | null> {
  const id = Number(value);
  if (!value || !Number.isSafeInteger(id) || id <= 0) return null;
  return getStory(id, STAFF).catch((error) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
}

export async function loader({ url }: Route.LoaderArgs) {
  const page = pageFrom(url);
  const [stories, total, editing, deleting] = await Promise.all([
    listStories({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, STAFF),
    countStories(),
    storyFromParam(url.searchParams.get("edit")),
    storyFromParam(url.searchParams.get("delete")),
  ]);
  return {
    stories,
    total,
    page,
    editing,
    creating: url.searchParams.has("new"),
    deleting,
    saved: url.searchParams.get("saved"),
    deleted: url.searchParams.has("deleted"),
    timeZone: getEnv().SITE_TIMEZONE,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { fields, file, fileError } = await readSubmission(request, {
    fileField: "image_file",
    maxFileBytes: MAX_IMAGE_BYTES,
    flags: ["is_active", "is_featured"],
  });
  try {
    const id = Number(fields.get("id") ?? 0);
    if (fields.get("intent") === "delete") {
      await deleteStory(id);
      return redirect("/admin/stories?deleted=1");
    }
    const submission = parseWithZod(fields, { schema: storySchema });
    if (submission.status !== "success" || fileError) {
      return data({ result: submission.reply({ fieldErrors: fileError ? { image_file: [fileError] } : {} }) }, { status: 400 });
    }
    try {
      const values = file ? { ...submission.value, image_filename: await storeImage(file, UPLOAD_FOLDERS.stories, "image_file") } : submission.value;
      const story = id ? await updateStory(id, values) : await createStory(values);
      return redirect(`/admin/stories?saved=${story.id}`);
    } catch (error) {
      if (error instanceof ValidationError) return data({ result: submission.reply({ fieldErrors: error.fieldErrors }) }, { status: 400 });
      throw error;
    }
  } catch (error) {
    if (error instanceof NotFoundError) return data({ result: undefined, missing: true }, { status: 404 });
    throw error;
  } finally {
    await discard(file);
  }
}

export default function AdminStories({ loaderData, actionData }: Route.ComponentProps) {
  const { stories, total, page, editing, creating, deleting, timeZone } = loaderData;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
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
        columns={[{ label: "Title" }, { label: "Summary" }, { label: "Status" }, { label: "Created" }, { label: "Actions", hidden: true }]}
        emptyText="No stories yet"
      >
        {stories.map((story) => (
          <tr key={story.id}>
            <td className="px-3 py-3 font-medium text-slate-900">{story.title}</td>
            <td className="px-3 py-3 text-slate-700">{truncate(story.summary, 100)}</td>
            <td className="px-3 py-3 whitespace-nowrap">
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${story.is_active ? "bg-brand-100 text-brand-800" : "bg-slate-200 text-slate-700"}`}>
                {story.is_active ? "Active" : "Inactive"}
              </span>
              {story.is_featured ? <span className="ml-2 rounded-full bg-gold-300 px-2 py-0.5 text-xs font-semibold text-slate-900">Featured</span> : null}
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatDate(story.created_at, timeZone)}</td>
            <td className="px-3 py-3 text-right whitespace-nowrap">
              <Link to={`?edit=${story.id}`} preventScrollReset className="font-semibold text-brand-700 hover:underline" aria-label={`Edit ${story.title}`}>
                Edit
              </Link>
              <Link to={`?delete=${story.id}`} preventScrollReset className="ml-4 font-semibold text-red-700 hover:underline" aria-label={`Delete ${story.title}`}>
                Delete
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination page={page} pageSize={PAGE_SIZE} total={total} rowsOnPage={stories.length} label="Stories" transient={["saved", "deleted"]} />

      {formOpen ? (
        <FormModal title={editing ? `Edit story: ${editing.title}` : "New story"} closeTo="/admin/stories">
          <StoryForm key={editing?.id ?? "new"} story={editing} lastResult={lastResult} />
        </FormModal>
      ) : null}
    </div>
  );
}

function StoryForm({ story, lastResult }: { story: Story | null; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
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
      <PhotoField field={fields.image_filename} folder={UPLOAD_FOLDERS.stories} fileError={fileError ?? undefined} />
      <InputField field={fields.video_url} label={<>Video URL <span className="font-normal text-slate-500">(optional)</span></>} type="text" placeholder="https://www.youtube.com/watch?v=…" />
      <div className="flex flex-wrap gap-6">
        <CheckboxField field={fields.is_active} label="Active" hint="Shown on the public site" />
        <CheckboxField field={fields.is_featured} label="Featured" hint="Leads the Stories page and the homepage" />
      </div>
      {form.errors ? (
        <p role="alert" className="field-error">
          {form.errors[0]}
        </p>
      ) : null}
      <div className="flex gap-3 pt-2">
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save story"}
        </button>
        <Link to="/admin/stories" preventScrollReset className="btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
