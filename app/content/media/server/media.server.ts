import { findMediaSlot, MEDIA_SLOTS, slotUrlProblem, type MediaSlot } from "../rules/media-slots";
import { UPLOAD_FOLDERS } from "~/shared/media-sources";
import type { MediaKey } from "~/content/settings";
import { youTubeId } from "../rules/video-embeds";
import { getDb } from "~/lib/db.server";
import { NotFoundError, ValidationError } from "~/lib/service-errors";
import { sniffKind, storeImage, storeVideo, type ReceivedFile } from "~/lib/uploads.server";
import { isQuickTimeMovie } from "~/lib/video-files.server";

const MOV_MESSAGE =
  "This is a QuickTime (.MOV) video, which not every browser can play: please export it as MP4 and upload that";
import { updateSetting } from "~/content/settings/index.server";
import { keepIfSaved } from "./upload-references.server";

/**
 * The homepage media slots staff manage on the Media screen: a URL (checked by the
 * slot's rule in settings.ts) or a file uploaded here, stored as its name.
 */
export interface MediaSlotValue extends MediaSlot {
  value: string;
}

export function findSlot(key: string): MediaSlot {
  const slot = findMediaSlot(key);
  if (!slot) throw new NotFoundError(`No media slot '${key}'`);
  return slot;
}

export async function listMediaSlots(): Promise<MediaSlotValue[]> {
  const rows = await getDb()
    .selectFrom("settings")
    .select(["key", "value"])
    .where(
      "key",
      "in",
      MEDIA_SLOTS.map((slot) => slot.key),
    )
    .execute();
  const values = new Map(rows.map((row) => [row.key, row.value]));
  return MEDIA_SLOTS.map((slot) => ({ ...slot, value: values.get(slot.key) ?? "" }));
}

/**
 * A URL typed on the Media screen. It must be one by the slot's rule: an empty field
 * is refused, not taken as "remove" (that asks for confirmation, see removeMedia).
 */
export async function saveMediaUrl(key: string, value: unknown): Promise<void> {
  const slot = findSlot(key);
  const problem = slotUrlProblem(slot.kind, typeof value === "string" ? value : "");
  if (problem) throw new ValidationError({ value: [problem] });
  await updateSetting(key, { value });
}

/**
 * A file for a slot: the hero video takes an MP4 or WebM video, programme images a
 * photo, gallery slots either. Stored under a new name, which becomes the slot's value.
 */
export async function uploadMedia(key: MediaKey, file: ReceivedFile): Promise<string> {
  const slot = findSlot(key);
  const kind = await sniffKind(file);
  const wanted = slot.kind === "video" ? ["video"] : slot.kind === "image" ? ["image"] : ["image", "video"];
  if (!kind || !wanted.includes(kind)) {
    const message =
      slot.kind === "video"
        ? "Please upload an MP4 or WebM video"
        : slot.kind === "image"
          ? "Please upload a JPG, PNG, WebP or GIF image"
          : "Please upload a JPG, PNG, WebP or GIF image, or an MP4 or WebM video";
    const fromIPhone = slot.kind !== "image" && (await isQuickTimeMovie(file.path));
    throw new ValidationError({ file: [fromIPhone ? MOV_MESSAGE : message] });
  }
  const folder = kind === "video" ? UPLOAD_FOLDERS.videos : UPLOAD_FOLDERS.images;
  const name = kind === "video" ? await storeVideo(file, folder) : await storeImage(file, folder);
  await keepIfSaved(folder, name, () => updateSetting(key, { value: name }));
  return name;
}

export async function removeMedia(key: string): Promise<void> {
  findSlot(key);
  await updateSetting(key, { value: "" });
}

/**
 * Whether a YouTube video appears on the public site: the hero video, a gallery item, or
 * an active story's video. Its still may then be fetched and served (see video-thumbnails).
 */
export async function isYouTubeVideoShown(id: string): Promise<boolean> {
  const slots = await listMediaSlots();
  if (slots.some((slot) => slot.kind !== "image" && youTubeId(slot.value) === id)) return true;
  // LIKE narrows the search (its `_` matches any character); the id is then checked exactly.
  const stories = await getDb()
    .selectFrom("stories")
    .select("video_url")
    .where("is_active", "=", 1)
    .where("video_url", "like", `%${id}%`)
    .execute();
  return stories.some((story) => youTubeId(story.video_url) === id);
}
