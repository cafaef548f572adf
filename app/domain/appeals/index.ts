export {
  APPEAL_STATUS_LABELS,
  APPEAL_STATUSES,
  appealFilterSchema,
  appealSchema,
  MAX_PRESET_AMOUNTS,
  presetAmountsText,
  readPresetAmounts,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  slugFromTitle,
  STORY_FORMATS,
  type AppealInput,
  type AppealStatus,
  type StoryFormat,
} from "./appeal-schemas";
export { appealProgress, daysLeft, daysLeftWords, giftCountWords, type AppealProgress } from "./progress";
export { safeHref, storyBlocks, storyPlainText, type Block, type Inline } from "./story-text";
export { type Appeal, type AppealCard, type AppealDetail, type Supporter } from "./records";
export { appealPhase, isListedAsLive, whyNoGifts, type AppealPhase } from "./phase";
export { supporterName } from "./supporter-name";
