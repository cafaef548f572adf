export { pageSharedAfterGift, type SharedPage } from "./rules/share-links";
export { shareTags } from "./rules/share-tags";
