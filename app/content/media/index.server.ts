export {
  findSlot,
  isYouTubeVideoShown,
  listMediaSlots,
  type MediaSlotValue,
  removeMedia,
  saveMediaUrl,
  uploadMedia,
} from "./server/media.server";
export { mediaSlotUpload, photoUpload, uploadReference } from "./server/upload-references.server";
