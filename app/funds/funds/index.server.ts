export {
  type Fund,
  fundBySlug,
  fundForPurpose,
  fundRow,
  getFund,
  listDonateChoices,
  listFunds,
  openFundForPurpose,
} from "./server/funds.server";
