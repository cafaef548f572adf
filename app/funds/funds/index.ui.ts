export { FundsTabs } from "./components/funds-tabs";
