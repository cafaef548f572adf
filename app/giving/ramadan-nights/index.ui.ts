export { MyRamadanNights } from "./components/my-ramadan-nights";
export { RamadanNightsDonation, ramadanNightsView } from "./components/ramadan-nights-donation";
export { RAMADAN_WAY } from "./components/ramadan-nights-form";
export { RamadanNightsSaved } from "./components/ramadan-nights-saved";
export { RamadanSettingsForm } from "./components/ramadan-settings-form";
