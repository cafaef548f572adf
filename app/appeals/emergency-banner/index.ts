export { type EmergencyBanner } from "./rules/emergency-banner";
