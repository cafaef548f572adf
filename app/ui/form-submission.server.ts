import { formMediaType, readFormBody, refuseUnreadableForm, UnreadableFormError } from "../lib/form-body.server";
import { readMultipartForm, type MultipartForm, type ReceivedFile } from "../lib/uploads.server";

/**
 * A form post, with or without a file: the text fields as URLSearchParams (what
 * conform parses), and the one file field streamed to disk. Unticked checkboxes send
 * nothing, so the listed `flags` are filled in as "false". A body that is not a web form
 * is refused like every other form post (see form-body.server.ts).
 */
export interface Submission {
  fields: URLSearchParams;
  file: ReceivedFile | null;
  fileError?: string;
}

export async function readSubmission(
  request: Request,
  options: { fileField?: string; maxFileBytes?: number; flags?: string[] } = {},
): Promise<Submission> {
  let fields: URLSearchParams;
  let file: ReceivedFile | null = null;
  let fileError: string | undefined;
  if (options.fileField && options.maxFileBytes && formMediaType(request) === "multipart/form-data") {
    const form = await readUpload(request, options.fileField, options.maxFileBytes);
    fields = new URLSearchParams(form.fields);
    file = form.file;
    fileError = form.fileError;
  } else {
    fields = new URLSearchParams();
    for (const [name, value] of await readFormBody(request)) if (typeof value === "string") fields.append(name, value);
  }
  for (const flag of options.flags ?? []) if (!fields.has(flag)) fields.set(flag, "false");
  return { fields, file, fileError };
}

async function readUpload(request: Request, fileField: string, maxFileBytes: number): Promise<MultipartForm> {
  try {
    return await readMultipartForm(request, fileField, maxFileBytes);
  } catch (error) {
    if (error instanceof UnreadableFormError) refuseUnreadableForm(request, error);
    throw error;
  }
}
