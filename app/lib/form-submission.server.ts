import { isMultipart, readMultipartForm, type ReceivedFile } from "./uploads.server";

/**
 * A form post, with or without a file: the text fields as URLSearchParams (what
 * conform parses), and the one file field streamed to disk. Unticked checkboxes send
 * nothing, so the listed `flags` are filled in as "false".
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
  if (options.fileField && options.maxFileBytes && isMultipart(request)) {
    const form = await readMultipartForm(request, options.fileField, options.maxFileBytes);
    fields = new URLSearchParams(form.fields);
    file = form.file;
    fileError = form.fileError;
  } else {
    fields = new URLSearchParams();
    for (const [name, value] of await request.formData()) if (typeof value === "string") fields.append(name, value);
  }
  for (const flag of options.flags ?? []) if (!fields.has(flag)) fields.set(flag, "false");
  return { fields, file, fileError };
}
