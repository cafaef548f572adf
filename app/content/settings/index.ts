export { type ImpactStatistics } from "./rules/records";
export {
  IMPACT_STATISTIC_KEYS,
  IMPACT_STATISTIC_LABELS,
  type ImpactStatisticKey,
  isDollarStatistic,
  MEDIA_KEYS,
  type MediaKey,
  REQUIRE_TWO_FACTOR_KEY,
} from "./rules/setting-keys";
export { givingSettingsSchema, givingSettingValue } from "./rules/settings";
export { APPROVAL_THRESHOLD_KEY } from "./rules/setting-keys";
export { approvalThresholdCents } from "./rules/settings";
