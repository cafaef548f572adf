export { activateRamadanSchedule } from "./server/ramadan-activation.server";
export { recordRamadanChargeEvent, startRamadanCharges } from "./server/ramadan-charges.server";
export { confirmRamadanCheckout, type RamadanConfirmation } from "./server/ramadan-confirmation.server";
export { ramadanNightsFormReply } from "./routes/ramadan-nights-form.server";
export {
  findRamadanSchedule,
  previewRamadanNights,
  ramadanSchedulesOf,
  startRamadanCheckout,
  stopMyRamadanNights,
} from "./server/ramadan-schedules.server";
export { ramadanSettings } from "./server/ramadan-settings.server";
