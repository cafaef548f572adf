export { type DayAmount, matchOldestFirst, undistributedSince } from "./rules/oldest-first";
