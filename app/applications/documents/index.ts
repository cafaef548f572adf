export * from "./rules/document-rules";
