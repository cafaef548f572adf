import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/ui/field-error";
import { SafeImage } from "~/ui/safe-image";
import { imageSources, type UploadFolder } from "~/shared/media-sources";

/**
 * A photo for a story or event: a photo URL (http(s), with a photo extension in its path or
 * from a stock-photo site: media-urls.ts) or a file uploaded here (JPG, PNG, WebP or GIF,
 * up to 5 MB), with the current one shown.
 */
export function PhotoField({
  field,
  saved,
  folder,
  fileError,
}: {
  field: FieldMetadata<string>;
  /** The photo the record has now (not what a refused post typed, which may not be a photo at all). */
  saved: string;
  folder: UploadFolder;
  fileError?: string[];
}) {
  const current = imageSources(saved, folder);
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">Photo</legend>
      {current ? (
        <SafeImage
          src={current.src}
          alt="Current photo"
          width={160}
          height={100}
          eager
          className="h-24 w-40 rounded object-cover"
        />
      ) : null}
      <div>
        <label htmlFor={field.id} className="field-label">
          Photo URL <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          {...getInputProps(field, { type: "url" })}
          key={field.key}
          placeholder="https://…/photo.jpg"
          className="field-input"
        />
        <FieldError id={field.errorId} errors={field.errors} />
      </div>
      <div>
        <label htmlFor={`${field.id}-file`} className="field-label">
          or upload a photo <span className="font-normal text-slate-500">(JPG, PNG, WebP or GIF, up to 5 MB)</span>
        </label>
        <input
          id={`${field.id}-file`}
          name="image_file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${field.id}-file-error` : undefined}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
        />
        <FieldError id={`${field.id}-file-error`} errors={fileError} />
        <p className="mt-1 text-xs text-slate-500">
          Photos are resized for the web, and their location and camera details removed.
        </p>
      </div>
    </fieldset>
  );
}
