export {
  type DayAmount,
  type MatchedReceipt,
  type Matching,
  matchOldestFirst,
  undistributedSince,
} from "./rules/oldest-first";
export { type TransparencyReport } from "./rules/report-shapes";
export {
  buildTransparencyFigures,
  type ReportCalendar,
  type TransparencyFigures,
  withinLunarYearPercent,
  yearIn,
  type ZakatYear,
} from "./rules/transparency";
