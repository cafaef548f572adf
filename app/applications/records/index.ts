export * from "./rules/application-form";
export * from "./rules/application-settings";
export * from "./rules/normalise";
export * from "./rules/references";
export * from "./rules/shortfall";
export * from "./rules/states";
