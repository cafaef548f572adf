export { findMediaSlot, SLOT_RULES, slotMedia, type SlotMedia } from "./rules/media-slots";
export {
  IMAGE_WIDTHS,
  imageSources,
  type ImageSources,
  UPLOAD_FOLDERS,
  type UploadFolder,
  uploadUrl,
} from "~/shared/media-sources";
export {
  DEMO_PHOTO_NAMES,
  type DemoPhotoName,
  isDemoPhotoPath,
  isUploadedFileName,
  isValidPhotoUrl,
  PHOTO_EXTENSIONS,
  PHOTO_URL_ERROR,
} from "./rules/media-urls";
export { videoSource, type VideoSource } from "./rules/video-embeds";
