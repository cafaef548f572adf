export {
  ensureDefaultSettings,
  getImpactStatistics,
  settingValues,
  type TotalRaised,
  totalRaisedChoice,
  updateSetting,
} from "./server/settings.server";
