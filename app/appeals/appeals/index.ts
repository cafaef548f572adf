export {
  APPEAL_STATUS_LABELS,
  APPEAL_STATUSES,
  appealFilterSchema,
  type AppealInput,
  appealSchema,
  type AppealStatus,
  MAX_PRESET_AMOUNTS,
  presetAmountsText,
  readPresetAmounts,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  slugFromTitle,
  STORY_FORMATS,
  type StoryFormat,
} from "./rules/appeal-schemas";
export { appealPhase, type AppealPhase, isListedAsLive, whyNoGifts } from "./rules/phase";
export { appealProgress, type AppealProgress, daysLeft, daysLeftWords, giftCountWords } from "./rules/progress";
export { type Appeal, type AppealCard, type AppealDetail, type Supporter } from "./rules/records";
export { type Block, type Inline, safeHref, storyBlocks, storyPlainText } from "./rules/story-text";
export { supporterName } from "./rules/supporter-name";
