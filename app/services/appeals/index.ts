export {
  appealCard,
  appealOfGift,
  appealTakingGifts,
  appealTitlesById,
  createAppeal,
  deleteAppeal,
  featuredAppeals,
  findAppealPage,
  getAppeal,
  listAppealChoices,
  listPublicAppeals,
  updateAppeal,
  type AppealFilter,
  type Reader,
} from "./appeals.server";
export { type Appeal, type AppealCard, type AppealDetail, type Supporter } from "~/domain/appeals";
