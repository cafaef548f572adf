import { MEDIA_KEYS } from "~/domain/setting-keys";
import { UPLOAD_FOLDERS, type UploadFolder } from "~/domain/media-sources";
import { getDb } from "~/lib/db.server";
import { deleteStoredUpload, isStoredUploadName } from "~/lib/uploads.server";

/**
 * A photo leaves the site with the record that showed it: when a story or an event is
 * deleted or given another photo, or a media slot another file, the old upload's files
 * are deleted (a family who asks to be taken down must be, address and all), unless
 * another record still names the same file.
 */
export async function releaseUpload(folder: UploadFolder, name: string): Promise<void> {
  const file = name.trim();
  if (!isStoredUploadName(file)) return;
  try {
    if (await isStillNamed(folder, file)) return;
    await deleteStoredUpload(folder, file);
  } catch (error) {
    // The record's change has been made; a file left behind must not undo it.
    console.error(`Could not delete the upload ${folder}/${file}:`, error);
  }
}

/** The folder a media slot's stored file lives in. */
export function mediaFolderFor(name: string): UploadFolder {
  return /\.(mp4|webm)$/.test(name.trim()) ? UPLOAD_FOLDERS.videos : UPLOAD_FOLDERS.images;
}

async function isStillNamed(folder: UploadFolder, name: string): Promise<boolean> {
  const db = getDb();
  const found = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length > 0;
  switch (folder) {
    case UPLOAD_FOLDERS.stories:
      return found(db.selectFrom("stories").select("id").where("image_filename", "=", name).limit(1));
    case UPLOAD_FOLDERS.events:
      return found(db.selectFrom("events").select("id").where("image", "=", name).limit(1));
    default:
      return (
        (await found(db.selectFrom("settings").select("key").where("key", "in", [...MEDIA_KEYS]).where("value", "=", name).limit(1))) ||
        (await found(db.selectFrom("testimonials").select("id").where("image_filename", "=", name).limit(1)))
      );
  }
}
