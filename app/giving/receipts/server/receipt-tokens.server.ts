import { randomBytes } from "node:crypto";

/** 128 random bits, URL-safe: the only key to a gift's receipt page (/receipts/{token}). */
export function newReceiptToken(): string {
  return randomBytes(16).toString("base64url");
}
