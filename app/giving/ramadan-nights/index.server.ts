export { activateRamadanSchedule } from "./server/ramadan-activation.server";
export {
  type RamadanChargeRound,
  recordRamadanChargeEvent,
  runTonightsRamadanCharges,
  startRamadanCharges,
} from "./server/ramadan-charges.server";
export { confirmRamadanCheckout, type RamadanConfirmation } from "./server/ramadan-confirmation.server";
export { ramadanNightsFormReply } from "./routes/ramadan-nights-form.server";
export {
  countRamadanNightsToCome,
  findRamadanSchedule,
  findRamadanScheduleOrNull,
  findRamadanSchedulePage,
  listRamadanSchedules,
  previewRamadanNights,
  type RamadanPreview,
  type RamadanPreviewNight,
  type RamadanSchedule,
  type RamadanScheduleFilter,
  type RamadanScheduleNight,
  ramadanSchedulesInBatches,
  ramadanSchedulesOf,
  type RamadanScheduleSummary,
  type RamadanStopActor,
  readRamadanScheduleFilter,
  startRamadanCheckout,
  stopMyRamadanNights,
  stopRamadanSchedule,
} from "./server/ramadan-schedules.server";
export { ramadanSettings, type RamadanSettings } from "./server/ramadan-settings.server";
