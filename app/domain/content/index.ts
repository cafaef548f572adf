export { UPLOAD_FOLDERS } from "./media-sources";
