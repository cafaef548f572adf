export {
  appealGiftCount,
  appealOfGift,
  appealTakingGifts,
  appealTitlesById,
  featuredAppeals,
  getAppeal,
  listAppealChoices,
  type Reader,
} from "./server/appeals.server";
