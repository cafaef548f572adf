export {
  type EventInput,
  eventSchema,
  photoField,
  type StoryInput,
  storySchema,
  TESTIMONIAL_CATEGORIES,
  type TestimonialInput,
  testimonialSchema,
  testimonialSubmissionSchema,
} from "./rules/content-schemas";
export {
  type CharityEvent,
  type ImpactStatistics,
  type Story,
  type StoryCard,
  type Testimonial,
} from "./rules/records";
export {
  IMPACT_STATISTIC_KEYS,
  IMPACT_STATISTIC_LABELS,
  type ImpactStatisticKey,
  isDollarStatistic,
  MEDIA_KEYS,
  type MediaKey,
} from "./rules/setting-keys";
export {
  givingSettingsSchema,
  givingSettingValue,
  ramadanFirstNightRule,
  type RehearsalOption,
} from "./rules/settings";
