export { listMediaSlots } from "./server/media.server";
export { mediaSlotUpload, photoUpload, uploadReference } from "./server/upload-references.server";
