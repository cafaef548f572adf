export { UPLOAD_FOLDERS } from "./media-sources";
export { photoField } from "./content-schemas";
export { givingSettingValue } from "./settings";
export { DEMO_PHOTO_NAMES, type DemoPhotoName } from "./media-urls";
