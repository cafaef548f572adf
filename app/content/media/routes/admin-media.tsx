import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-media";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { MediaPreview } from "../components/media-preview";
import { Notice } from "~/ui/notice";
import { useFocusReturn } from "~/ui/use-focus-return";
import { FieldError } from "~/ui/field-error";
import { useHydrated } from "~/ui/use-hydrated";
import { slotMedia, slotUrlProblem, type SlotKind } from "../rules/media-slots";
import type { MediaKey } from "~/content/settings";
import { formRefusalOrThrow, refuseUnknownIntent } from "~/ui/form-replies.server";
import { readSubmission } from "~/ui/form-submission.server";
import { siteUrlFor } from "~/lib/site-url.server";
import { discard, MAX_VIDEO_BYTES } from "~/lib/uploads.server";
import {
  findSlot,
  listMediaSlots,
  removeMedia,
  saveMediaUrl,
  uploadMedia,
  type MediaSlotValue,
} from "../server/media.server";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Homepage Media | Admin" }];

export async function loader({ url, request }: Route.LoaderArgs) {
  const slots = await listMediaSlots();
  const removing = slots.find((slot) => slot.key === url.searchParams.get("remove") && slot.value) ?? null;
  return { slots, removing, saved: url.searchParams.get("saved"), host: siteUrlFor(request) };
}

type SlotError = { key: string; field: "value" | "file"; message: string; value?: string };

/** Saves a URL, takes an upload, or removes a slot's media; a refusal stays with its slot. */
export async function action({ request }: Route.ActionArgs) {
  const { fields, file, fileError } = await readSubmission(request, {
    fileField: "file",
    maxFileBytes: MAX_VIDEO_BYTES,
  });
  const key = fields.get("key") ?? "";
  // The URL form's button says "save"; a post that names nothing is read as that form.
  const intent = fields.get("intent") ?? "save";
  const value = fields.get("value") ?? "";
  try {
    findSlot(key);
    if (intent === "remove") {
      await removeMedia(key);
      return redirect(`/admin/media?saved=${key}`);
    }
    if (intent === "upload") {
      if (fileError || !file) return slotError({ key, field: "file", message: fileError ?? "Choose a file to upload" });
      await uploadMedia(key as MediaKey, file);
      return redirect(`/admin/media?saved=${key}`);
    }
    // "url" is what the form's button said before, in a page that may still be open.
    if (intent !== "save" && intent !== "url") refuseUnknownIntent(request, intent);
    await saveMediaUrl(key, value);
    return redirect(`/admin/media?saved=${key}`);
  } catch (error) {
    // Refused input stays beside what was sent (the URL typed, or the file); a slot that
    // does not exist is said beside its URL.
    const { status, fieldErrors, message, headers } = formRefusalOrThrow(error);
    const refusal: SlotError = !fieldErrors
      ? { key, field: "value", message }
      : intent === "save"
        ? { key, field: "value", message: fieldErrors.value?.[0] ?? message, value }
        : { key, field: "file", message: fieldErrors.file?.[0] ?? message };
    return data({ error: refusal }, { status, headers });
  } finally {
    await discard(file);
  }
}

function slotError(error: SlotError) {
  return data({ error }, { status: 400 });
}

const GUIDELINES = (host: string) => [
  "Hero video: MP4, max 50MB, 16:9, 30-60 seconds",
  "Program images: JPG/PNG, max 5MB, 4:3 or 16:9, 1200x800 or higher",
  `URLs must start with ${host}`,
];

export default function AdminMedia({ loaderData, actionData }: Route.ComponentProps) {
  const { slots, removing, saved, host } = loaderData;
  const error = actionData?.error;
  const savedSlot = saved ? slots.find((slot) => slot.key === saved) : null;
  useFocusReturn(removing?.key ?? null, (key) => `[data-remove-for="${key}"]`);
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Homepage Media</h1>
        <p className="mt-1 text-slate-600">
          The hero video, the three programme images and the six gallery items on the homepage.
        </p>
      </div>
      {savedSlot && !error ? (
        <Notice tone="success">
          {savedSlot.label} {savedSlot.value ? "updated" : "removed"}.
        </Notice>
      ) : null}
      {removing ? (
        <ConfirmPanel
          question="Are you sure you want to remove this media?"
          details={<p>{removing.label} will be empty on the homepage until something new is added.</p>}
          confirmLabel="Yes, remove"
          intent="remove"
          fields={{ key: removing.key }}
          cancelTo="/admin/media"
        />
      ) : null}
      <section aria-labelledby="guidelines-title" className="rounded-xl bg-white p-5 text-sm text-slate-700 shadow-sm">
        <h2 id="guidelines-title" className="font-semibold text-slate-900">
          Media guidelines
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {GUIDELINES(host).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="mt-2 text-slate-500">
          Uploads: photos JPG, PNG, WebP or GIF up to 5 MB (resized for the web, location and camera details removed);
          videos MP4 or WebM up to 50 MB (an MP4&apos;s recording place and details removed).
        </p>
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {slots.map((slot) => (
          // Keyed by the value too, so a saved slot starts with an empty URL field again.
          <SlotCard
            key={`${slot.key}:${slot.value}`}
            slot={slot}
            error={error?.key === slot.key ? error : undefined}
            justSaved={saved === slot.key && !error}
          />
        ))}
      </div>
    </div>
  );
}

const ACCEPTS: Record<SlotKind, string> = {
  video: "video/mp4,video/webm",
  image: "image/jpeg,image/png,image/webp,image/gif",
  gallery: "image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm",
};

const URL_HINTS: Record<SlotKind, string> = {
  video: "YouTube, Vimeo, or a direct link to an MP4, WebM, OGG, AVI or MOV file",
  image: "A photo link (jpg, jpeg, png, gif, webp, svg) or Unsplash, Pexels, Pixabay",
  gallery: "A photo link, or a YouTube video",
};

function SlotCard({ slot, error, justSaved }: { slot: MediaSlotValue; error?: SlotError; justSaved: boolean }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("key") === slot.key;
  const [url, setUrl] = useState(error?.field === "value" ? (error.value ?? "") : "");
  const problem = slotUrlProblem(slot.kind, url);
  const urlId = `${slot.key}-url`;
  const fileId = `${slot.key}-file`;
  return (
    <section aria-labelledby={`${slot.key}-title`} className="space-y-4 rounded-xl bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={`${slot.key}-title`} className="text-lg font-semibold text-slate-900">
            {slot.label}
          </h2>
          {justSaved ? <p className="text-sm font-medium text-brand-700">{slot.value ? "Saved" : "Removed"}</p> : null}
        </div>
        <div className="text-sm whitespace-nowrap">
          {slot.value ? (
            <Link
              to={`?remove=${slot.key}`}
              preventScrollReset
              data-remove-for={slot.key}
              className="font-semibold text-red-700 hover:underline"
              aria-label={`Remove ${slot.label}`}
            >
              Remove
            </Link>
          ) : null}
          {/* A slot is a setting: its trail is the setting's. */}
          <AuditHistory entity="setting" entityId={slot.key} of={slot.label} />
        </div>
      </div>
      <MediaPreview media={slotMedia(slot.kind, slot.value)} label={slot.label} />
      {slot.value ? <p className="truncate text-xs text-slate-500">Now: {slot.value}</p> : null}

      {/* The #anchor brings a page reloaded without JavaScript back to this slot and its message. */}
      <Form method="post" action={`/admin/media#${slot.key}-title`} className="space-y-2" preventScrollReset>
        <input type="hidden" name="key" value={slot.key} />
        <label htmlFor={urlId} className="field-label">
          Media URL
        </label>
        <div className="flex gap-2">
          <input
            id={urlId}
            name="value"
            type="url"
            required
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://"
            aria-invalid={error?.field === "value" || (hydrated && url !== "" && problem) ? true : undefined}
            aria-describedby={`${urlId}-hint ${urlId}-error`}
            className="field-input"
          />
          <button
            type="submit"
            name="intent"
            value="save"
            className="btn-primary shrink-0"
            disabled={busy || (hydrated && problem !== null)}
          >
            Save
          </button>
        </div>
        <p id={`${urlId}-hint`} className="text-xs text-slate-500">
          {URL_HINTS[slot.kind]}
        </p>
        <FieldError
          id={`${urlId}-error`}
          errors={
            error?.field === "value" ? [error.message] : hydrated && url !== "" && problem ? [problem] : undefined
          }
        />
      </Form>

      <Form
        method="post"
        action={`/admin/media#${slot.key}-title`}
        encType="multipart/form-data"
        className="space-y-2"
        preventScrollReset
      >
        <input type="hidden" name="key" value={slot.key} />
        <label htmlFor={fileId} className="field-label">
          Or upload a file
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={fileId}
            name="file"
            type="file"
            accept={ACCEPTS[slot.kind]}
            required
            aria-invalid={error?.field === "file" ? true : undefined}
            aria-describedby={error?.field === "file" ? `${fileId}-error` : undefined}
            className="min-w-0 flex-1 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          />
          <button type="submit" name="intent" value="upload" className="btn-secondary shrink-0" disabled={busy}>
            {busy && navigation.formData?.get("intent") === "upload" ? "Uploading..." : "Upload"}
          </button>
        </div>
        <FieldError id={`${fileId}-error`} errors={error?.field === "file" ? [error.message] : undefined} />
      </Form>
    </section>
  );
}
