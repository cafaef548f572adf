export { findMediaSlot, SLOT_RULES, slotMedia, type SlotMedia } from "./rules/media-slots";
export { imageSources, type ImageSources, UPLOAD_FOLDERS, uploadUrl } from "~/shared/media-sources";
export { PHOTO_URL_ERROR } from "./rules/media-urls";
export { videoSource, type VideoSource } from "./rules/video-embeds";
export { photoField } from "./rules/photo-field";
