export { bannerAppealChoice, emergencyBanner, withBannerChecked } from "./server/emergency-banner.server";
