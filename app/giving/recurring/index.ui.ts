export { recurringChangeDone, type RecurringChangeDone } from "./components/recurring-change-done";
export { RecurringGiftList } from "./components/recurring-gifts";
export { SandboxCardSetup, type SandboxSetupView } from "./components/sandbox-card-setup";
