export { UPLOAD_FOLDERS } from "./media-sources";
export { photoField } from "./content-schemas";
export { givingSettingValue } from "./settings";
