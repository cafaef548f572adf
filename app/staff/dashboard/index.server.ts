export { type DashboardStats, getDashboardStats } from "./server/dashboard.server";
export { refuseDemoMoneyWithLivePayments, StartRefusedError } from "./server/demo-money.server";
