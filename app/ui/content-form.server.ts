import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { refuseUnknownIntent, serviceErrorReply } from "./form-replies.server";
import { readSubmission } from "./form-submission.server";
import { ConflictError, NotFoundError } from "../lib/service-errors";
import { discard, MAX_IMAGE_BYTES, type ReceivedFile } from "../lib/uploads.server";
import { requireRecordId } from "../lib/record-ids.server";

/**
 * The action behind the admin content screens (stories, events, testimonials): one form
 * posts "save" (create when there is no id, else update), "delete" or a screen's own
 * intent such as "approve". Rejected input comes back as conform's reply with status 400
 * so the modal reopens with what the admin typed; a row deleted meanwhile answers
 * `missing` (the screens say so beside the form they show), a delete the service refuses
 * `refused` with its reason. An optional photo file is
 * stored by the content area (re-encoded, metadata stripped) and its name replaces the
 * photo field's text; a save that fails leaves no file behind.
 */
export interface ContentFormOptions<Input extends Record<string, unknown>> {
  /** The screen's own path, e.g. "/admin/stories", where every success redirects. */
  screen: string;
  schema: z.ZodType<Input>;
  /** Checkboxes: unticked means false. */
  flags?: string[];
  /**
   * `upload` is the content area's `photoUpload(folder)`: it stores the file, saves, and releases the file if the save
   * fails.
   */
  photo?: {
    field: keyof Input & string;
    upload: <T>(file: ReceivedFile, field: string, save: (name: string) => Promise<T>) => Promise<T>;
  };
  save(id: number, values: Input): Promise<{ id: number }>;
  remove(id: number): Promise<void>;
  /** Further intents by name; each returns the query string to redirect with. */
  intents?: Record<string, (id: number) => Promise<string>>;
}

const PHOTO_FILE_FIELD = "image_file";

export async function contentFormAction<Input extends Record<string, unknown>>(
  request: Request,
  options: ContentFormOptions<Input>,
) {
  const { fields, file, fileError } = await readSubmission(request, {
    fileField: options.photo ? PHOTO_FILE_FIELD : undefined,
    maxFileBytes: MAX_IMAGE_BYTES,
    flags: options.flags,
  });
  try {
    const id = idField(fields.get("id"));
    const intent = fields.get("intent") ?? "save";
    if (intent === "delete") return await removeRow(options, id);
    if (options.intents && Object.hasOwn(options.intents, intent))
      return redirect(`${options.screen}?${await options.intents[intent]!(id)}`);
    if (intent !== "save") refuseUnknownIntent(request, intent);

    const submission = parseWithZod(fields, { schema: options.schema });
    if (submission.status !== "success" || fileError) {
      return data(
        { result: submission.reply({ fieldErrors: fileError ? { [PHOTO_FILE_FIELD]: [fileError] } : {} }) },
        { status: 400 },
      );
    }
    const { photo } = options;
    try {
      const saved =
        file && photo
          ? await photo.upload(file, PHOTO_FILE_FIELD, (name) =>
              options.save(id, { ...submission.value, [photo.field]: name }),
            )
          : await options.save(id, submission.value);
      return redirect(`${options.screen}?saved=${saved.id}`);
    } catch (error) {
      // A row deleted meanwhile is answered below, like a delete that finds it gone.
      if (error instanceof NotFoundError) throw error;
      return serviceErrorReply(submission, error);
    }
  } catch (error) {
    if (error instanceof NotFoundError) return data({ result: undefined, missing: true as const }, { status: 404 });
    throw error;
  } finally {
    await discard(file);
  }
}

/**
 * A delete the service refuses (a live appeal, say) is said above the list (`refused`,
 * with 409), and nothing is removed.
 */
async function removeRow(options: { screen: string; remove(id: number): Promise<void> }, id: number) {
  try {
    await options.remove(id);
  } catch (error) {
    if (error instanceof ConflictError) return data({ result: undefined, refused: error.message }, { status: 409 });
    throw error;
  }
  return redirect(`${options.screen}?deleted=1`);
}

/** The row a form names: none (0) for a new one, else a record id. */
function idField(raw: string | null): number {
  return raw === null || raw === "" ? 0 : requireRecordId(raw);
}
