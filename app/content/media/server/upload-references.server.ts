import { MEDIA_KEYS } from "~/content/settings";
import { UPLOAD_FOLDERS, type UploadFolder } from "~/shared/media-sources";
import { getDb } from "~/lib/db.server";
import { ValidationError } from "~/lib/service-errors";
import {
  deleteStoredUpload,
  isStoredUploadName,
  storedUploadExists,
  storeImage,
  type ReceivedFile,
} from "~/lib/uploads.server";

/**
 * The one check-and-release every record that names an uploaded file goes through
 * (a story's or a testimonial's photo, an event's picture, a media slot's file):
 * `checkBeforeSave` before the record is written, `releaseAfter` once it is written or
 * deleted. `folderOf` says where a bare name of that field lives.
 */
export interface UploadReference {
  checkBeforeSave(value: string, stored?: string): Promise<void>;
  /** After a save (`saved` is the new value) or a delete (no `saved`): the file no longer named leaves. */
  releaseAfter(stored: string, saved?: string): Promise<void>;
}

export function uploadReference(field: string, folderOf: (value: string) => UploadFolder): UploadReference {
  return {
    checkBeforeSave: (value, stored) => checkUploadStillThere(folderOf(value), value, stored, field),
    releaseAfter: async (stored, saved) => {
      if (stored !== saved) await releaseUpload(folderOf(stored), stored);
    },
  };
}

/**
 * A file just stored for a record, then the save that names it: when the save fails
 * (refused input, a row deleted meanwhile, the database), the file belongs to nothing and
 * leaves before the failure goes on. Every upload saved with a record goes through here
 * (a content form's photo, a media slot's file), so none is left behind orphaned.
 */
export async function keepIfSaved<T>(folder: UploadFolder, name: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    await releaseUpload(folder, name);
    throw error;
  }
}

/**
 * How a content form (a story, an event) takes the photo file sent with it: stored in
 * `folder` (re-encoded, metadata stripped; refused input is reported as `field`'s), then
 * `save` with its name, the file kept only if that save succeeds.
 */
export function photoUpload(folder: UploadFolder) {
  return async <T>(file: ReceivedFile, field: string, save: (name: string) => Promise<T>): Promise<T> => {
    const name = await storeImage(file, folder, field);
    return keepIfSaved(folder, name, () => save(name));
  };
}

/**
 * A photo leaves the site with the record that showed it: when a story or an event is
 * deleted or given another photo, or a media slot another file, the old upload's files
 * are deleted (a family who asks to be taken down must be, address and all), unless
 * another record still names the same file, by its name or by its address.
 */
async function releaseUpload(folder: UploadFolder, name: string): Promise<void> {
  const file = name.trim();
  if (!isStoredUploadName(file)) return;
  try {
    if (await isStillNamed(file)) return;
    await deleteStoredUpload(folder, file);
  } catch (error) {
    // The record's change has been made; a file left behind must not undo it.
    console.error(`Could not delete the upload ${folder}/${file}:`, error);
  }
}

/**
 * A record may name an uploaded file only while it is there: a form loaded before the
 * photo was replaced (another tab, a colleague, the Back button) must not bring back a
 * name whose files are gone. The value the record already holds is always accepted.
 */
async function checkUploadStillThere(
  folder: UploadFolder,
  value: string,
  stored: string | undefined,
  field: string,
): Promise<void> {
  const name = value.trim();
  if (name === (stored ?? "").trim() || !isStoredUploadName(name)) return;
  if (!(await storedUploadExists(folder, name))) {
    throw new ValidationError({
      [field]: ["This file was replaced or removed in the meantime. Reload the page, or upload it again."],
    });
  }
}

/** The folder a media slot's stored file lives in. */
function mediaFolderFor(name: string): UploadFolder {
  return /\.(mp4|webm)$/.test(name.trim()) ? UPLOAD_FOLDERS.videos : UPLOAD_FOLDERS.images;
}

/** A media slot's value: a photo or a video, told apart by the stored name. */
export const mediaSlotUpload = uploadReference("value", mediaFolderFor);

/**
 * Whether any record still names the upload: as a bare name or inside an address
 * (/api/uploads/.../{id}-960.webp). The 32-hex id is random, so a match is that file.
 */
async function isStillNamed(name: string): Promise<boolean> {
  const id = name.slice(0, 32);
  const pattern = `%${id}%`;
  const db = getDb();
  const [story, event, setting, testimonial] = await Promise.all([
    db
      .selectFrom("stories")
      .select("id")
      .where((eb) => eb.or([eb("image_filename", "like", pattern), eb("video_url", "like", pattern)]))
      .limit(1)
      .execute(),
    db.selectFrom("events").select("id").where("image", "like", pattern).limit(1).execute(),
    db
      .selectFrom("settings")
      .select("key")
      .where("key", "in", [...MEDIA_KEYS])
      .where("value", "like", pattern)
      .limit(1)
      .execute(),
    db
      .selectFrom("testimonials")
      .select("id")
      .where((eb) => eb.or([eb("image_filename", "like", pattern), eb("video_url", "like", pattern)]))
      .limit(1)
      .execute(),
  ]);
  return [story, event, setting, testimonial].some((rows) => rows.length > 0);
}
