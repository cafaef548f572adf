export { EmergencyBanner } from "./components/emergency-banner";
