export {
  appealCard,
  appealFundChoices,
  appealGiftCount,
  appealOfGift,
  appealsInBatches,
  appealTakingGifts,
  appealTitlesById,
  createAppeal,
  deleteAppeal,
  featuredAppeals,
  findAppealPage,
  getAppeal,
  listAppealChoices,
  listAppeals,
  listPublicAppeals,
  readAppealFilter,
  updateAppeal,
  type AppealFilter,
  type Reader,
} from "./appeals.server";
export { bannerAppealChoice, emergencyBanner, withBannerChecked } from "./emergency-banner.server";
export { type Appeal, type AppealCard, type AppealDetail, type Supporter } from "~/domain/appeals";
